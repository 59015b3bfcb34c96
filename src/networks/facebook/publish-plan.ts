import { ApiError } from "../../infra/errors.js";
import type { PublishMedia, PublishRequest } from "../publish-types.js";
import { keepOptionsOfKind } from "../option-scope.js";
import { captionOf, isVideo, optionReader } from "../meta/publish-common.js";
import { facebookKindOf, facebookPostKinds } from "./rules.js";

/**
 * What one Facebook target turns into, decided before any network call:
 * - `status`: text and/or a link, `POST /{page-id}/feed`;
 * - `photo`: one image, `POST /{page-id}/photos` with `url`;
 * - `album`: several images, unpublished photos then `/feed` with `attached_media`;
 * - `video`: one video, `POST /{page-id}/videos` with `file_url` (processed asynchronously);
 * - `story`: one image, an unpublished photo then `POST /{page-id}/photo_stories`.
 */
export interface FacebookPlan {
  kind: "status" | "photo" | "album" | "video" | "story";
  pageId: string;
  message: string | undefined;
  link: string | undefined;
  title: string | undefined;
  sponsorId: string | undefined;
  images: PublishMedia[];
  video: PublishMedia | undefined;
}

const refuse = (code: "media_required" | "video_not_supported" | "field_invalid" | "text_required", message: string, param: string) =>
  new ApiError(code, { platform: "facebook", param, message, beforeExecution: true });

export function planFacebookPost(request: PublishRequest): FacebookPlan {
  const options = optionReader("facebook", request.options);
  const pageId = request.destination ?? options.string("pageId");
  if (!pageId) throw options.refuse("pageId", "the id of a page from GET /v1/social-accounts/{id}/targets");
  const postType = options.string("postType") ?? "feed";
  if (postType !== "feed" && postType !== "story") throw options.refuse("postType", "feed or story");
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
  if (postType === "story") {
    if (videos.length > 0) throw refuse("video_not_supported", "Page stories through Chorus take one photo; video stories are not supported.", "media");
    if (images.length !== 1) {
      throw images.length === 0 ? refuse("media_required", "A page story needs one photo.", "media") : refuse("field_invalid", "A page story takes exactly one photo.", "media");
    }
    return { ...base, kind: "story" };
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
