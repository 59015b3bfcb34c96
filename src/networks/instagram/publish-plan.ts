import { ApiError } from "../../infra/errors.js";
import { captionOf, isVideo, optionReader } from "../meta/publish-common.js";
import type { PublishMedia, PublishRequest } from "../publish-types.js";
import { keepOptionsOfKind } from "../option-scope.js";
import type { InstagramDoor } from "./capabilities.js";
import { carouselItems, instagramKindOf, instagramPostKinds } from "./rules.js";

/**
 * What one Instagram target turns into before any call. Every post is a container:
 * - `image`: one JPEG by `image_url`;
 * - `reel`: one video, `media_type=REELS` (feed videos are published as reels since Meta
 *   retired `media_type=VIDEO` for single posts);
 * - `story`: one image or video, `media_type=STORIES` (no caption);
 * - `carousel`: 2-10 items, each a child container (`is_carousel_item=true`), then a
 *   `media_type=CAROUSEL` container naming the children.
 * `fields` are the container parameters from the text and platformOptions; `itemFields` the
 * per-item ones (alt text) for carousel children.
 */
export interface InstagramPlan {
  kind: "image" | "reel" | "story" | "carousel";
  items: PublishMedia[];
  fields: Record<string, string | undefined>;
}

const refuse = (code: "media_required" | "image_not_supported" | "field_invalid" | "photo_page_door_required", message: string, param: string) =>
  new ApiError(code, { platform: "instagram", param, message, beforeExecution: true });

export function planInstagramPost(request: PublishRequest, door: InstagramDoor): InstagramPlan {
  const options = optionReader("instagram", request.options);
  const postType = options.string("postType") ?? "feed";
  if (postType !== "feed" && postType !== "reel" && postType !== "story") throw options.refuse("postType", "feed, reel or story");
  const media = request.media;
  if (media.length === 0) throw refuse("media_required", "Instagram publishes no text alone: attach an image or a video.", "media");

  if (postType === "story" || postType === "reel") {
    if (media.length > 1) throw refuse("field_invalid", `An Instagram ${postType} takes exactly one ${postType === "reel" ? "video" : "image or video"}.`, "media");
    if (postType === "reel" && !media.every(isVideo)) throw refuse("image_not_supported", "An Instagram reel is one video.", "media");
  } else if (media.length > carouselItems.max) {
    throw refuse("field_invalid", `An Instagram carousel takes ${carouselItems.min} to ${carouselItems.max} items.`, "media");
  }
  const kind = instagramKindOf(
    postType,
    media.map((m) => m.kind),
  );
  if (kind === null) throw refuse("field_invalid", "These media make no Instagram post.", "media");

  // rules.ts decides which options a kind takes, for this plan and for POST /v1/posts/validate alike.
  keepOptionsOfKind("instagram", instagramPostKinds, kind, request.options);
  const productTags = options.json("productTags");
  if (productTags !== undefined && door !== "facebook_login") {
    throw refuse("photo_page_door_required", "Product tags exist only on an Instagram account connected through Facebook Login.", "platformOptions.instagram.productTags");
  }
  const fields: Record<string, string | undefined> = {
    caption: kind === "story" ? undefined : captionOf(request.text),
    alt_text: kind === "image" ? (options.string("altText") ?? media[0]?.alt ?? undefined) : undefined,
    location_id: options.string("locationId"),
    user_tags: options.json("userTags"),
    collaborators: options.json("collaborators"),
    product_tags: productTags,
    share_to_feed: options.boolean("shareToFeed")?.toString(),
    cover_url: options.string("coverUrl"),
    thumb_offset: options.integer("thumbOffset")?.toString(),
    audio_name: options.string("audioName"),
    trial_params: options.json("trialParams"),
  };
  return { kind, items: media, fields };
}
