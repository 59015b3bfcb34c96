import { ApiError } from "../../infra/errors.js";
import type { PublishMedia, PublishRequest } from "../publish-types.js";
import { keepOptionsOfKind } from "../option-scope.js";
import { captionOf, isVideo, optionReader } from "../meta/publish-common.js";
import { facebookKindOf, facebookPostKinds, facebookPostTypes, type FacebookKind } from "./rules.js";

/**
 * What one Facebook target turns into, decided before any network call:
 * - `status`: text and/or a link, `POST /{page-id}/feed`;
 * - `photo`: one image, `POST /{page-id}/photos` with `url`;
 * - `album`: several images, unpublished photos then `/feed` with `attached_media`;
 * - `video`: one video, `POST /{page-id}/videos` with `file_url` (processed asynchronously);
 * - `reel`: one video, `POST /{page-id}/video_reels` in phases (start, the file handed to
 *   rupload.facebook.com by `file_url`, finish with `video_state=PUBLISHED`), then processed;
 * - `story`: one image, an unpublished photo then `POST /{page-id}/photo_stories`;
 * - `video_story`: one video, `POST /{page-id}/video_stories` in the same phases as a reel.
 */
export interface FacebookPlan {
  kind: FacebookKind;
  pageId: string;
  message: string | undefined;
  link: string | undefined;
  title: string | undefined;
  sponsorId: string | undefined;
  images: PublishMedia[];
  video: PublishMedia | undefined;
}

const refuse = (code: "media_required" | "image_not_supported" | "video_not_supported" | "field_invalid" | "text_required", message: string, param: string) =>
  new ApiError(code, { platform: "facebook", param, message, beforeExecution: true });

export function planFacebookPost(request: PublishRequest): FacebookPlan {
  const options = optionReader("facebook", request.options);
  const pageId = request.destination ?? options.string("pageId");
  if (!pageId) throw options.refuse("pageId", "the id of a page from GET /v1/social-accounts/{id}/targets");
  const postType = options.string("postType") ?? "feed";
  if (!(facebookPostTypes as readonly string[]).includes(postType)) throw options.refuse("postType", facebookPostTypes.join(", "));
  const link = options.string("link");
  const title = options.string("title");
  const kind = facebookKindOf(
    postType,
    request.media.map((m) => m.kind),
  );
  // rules.ts says which options each kind takes, for this plan and for POST /v1/posts/validate alike.
  const kept = kind === null ? request.options : keepOptionsOfKind("facebook", facebookPostKinds, kind, request.options);
  const sponsorId = options.string("sponsorId");
  const message = captionOf(request.text);
  const videos = request.media.filter(isVideo);
  const images = request.media.filter((m) => !isVideo(m));
  const base = { pageId, message, link, title: kept.title === undefined ? undefined : title, sponsorId, images, video: videos[0] };
  if (postType === "story" || postType === "reel") {
    const what = postType === "reel" ? "A page reel" : "A page story";
    if (request.media.length === 0) throw refuse("media_required", `${what} needs ${postType === "reel" ? "one video" : "one photo or one video"}.`, "media");
    if (postType === "reel" && videos.length === 0) throw refuse("image_not_supported", "A page reel is one video.", "media");
    if (request.media.length > 1) throw refuse("field_invalid", `${what} takes exactly one ${postType === "reel" ? "video" : "photo or video"}.`, "media");
    if (kind === null) throw refuse("field_invalid", `${what} takes exactly one ${postType === "reel" ? "video" : "photo or video"}.`, "media");
    return { ...base, kind };
  }
  if (videos.length > 0) {
    if (request.media.length > 1) throw refuse("video_not_supported", "A page video is posted alone; post photos and the video separately.", "media");
    return { ...base, kind: "video" };
  }
  if (images.length === 1) return { ...base, kind: "photo" };
  if (images.length > 1) return { ...base, kind: "album" };
  if (message === undefined && link === undefined) throw refuse("text_required", "A page post without media needs text or a link.", "text");
  return { ...base, kind: "status" };
}
