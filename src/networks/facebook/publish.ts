import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { PublishMedia, PublishRequest, PublishResult } from "../publish-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { facebookPublishing } from "./capabilities.js";
import { facebookErrorTable as table } from "../meta/facebook-errors.js";
import { graphPost, graphRequest } from "../meta/graph.js";
import { absoluteUrl, decodePollToken, encodePollToken, settlePollRefusal } from "../meta/publish-common.js";
import { asPage, facebookGraphUrl, type PageAccess } from "../meta/page-access.js";
import { planFacebookPost, type FacebookPlan } from "./publish-plan.js";
import { publishInPhases } from "./video-phases.js";

/**
 * Publishing on a Facebook Page, acting as the page (its page token, stored or from `/me/accounts`):
 * text and links go to `/feed`, one photo to `/photos` by URL, several photos are uploaded
 * unpublished and attached to one `/feed` post, a story photo is uploaded unpublished and
 * shared with `/photo_stories`, and a video is handed to `/videos` by `file_url`, which Meta
 * fetches and processes: that publish ends in `processing` and `checkPublishOnPage` polls
 * `GET /{video-id}?fields=status` until it is ready. Reels and video stories go through the
 * phased upload (video-phases.ts); a reel is polled like a video.
 */

const IdSchema = v.object({ id: v.string() });
const PhotoSchema = v.object({ id: v.string(), post_id: v.optional(v.string()) });
const StorySchema = v.object({ success: v.optional(v.boolean()), post_id: v.string() });
const PermalinkSchema = v.object({ id: v.string(), permalink_url: v.optional(v.string()) });

/** Where Facebook's relative permalinks (`/{page-id}/videos/{id}/`) point. */
const facebookWeb = "https://www.facebook.com";

const VideoStatusSchema = v.object({
  id: v.string(),
  post_id: v.optional(v.string()),
  permalink_url: v.optional(v.string()),
  status: v.optional(
    v.object({
      video_status: v.string(),
      processing_phase: v.optional(v.object({ status: v.optional(v.string()), errors: v.optional(v.array(v.object({ code: v.optional(v.number()), message: v.string() }))) })),
    }),
  ),
});

const VideoPollSchema = v.object({ kind: v.literal("video"), pageId: v.string(), videoId: v.string() });

/**
 * The post's permalink, read after the write. The post is out either way, so a failed read
 * leaves the URL empty instead of failing a publish that succeeded.
 */
async function permalinkOf(net: NetworkContext, page: PageAccess, postId: string): Promise<string | null> {
  try {
    const url = facebookGraphUrl(net, postId, { fields: "permalink_url", access_token: page.token });
    return absoluteUrl((await graphRequest(net, table, url, PermalinkSchema)).permalink_url, facebookWeb);
  } catch {
    return null;
  }
}

async function published(net: NetworkContext, page: PageAccess, postId: string): Promise<PublishResult> {
  return { state: "published", networkPostId: postId, url: await permalinkOf(net, page, postId) };
}

const post = <S extends v.GenericSchema>(net: NetworkContext, page: PageAccess, edge: string, fields: Record<string, string | undefined>, schema: S) =>
  graphPost(net, table, facebookGraphUrl(net, `${page.pageId}/${edge}`), { ...fields, access_token: page.token }, schema);

/** An unpublished photo: invisible until a feed post or story uses it; Meta discards unused ones. */
async function unpublishedPhoto(net: NetworkContext, page: PageAccess, image: PublishMedia): Promise<string> {
  return (await post(net, page, "photos", { url: image.url, alt_text_custom: image.alt ?? undefined, published: "false" }, IdSchema)).id;
}

async function publishPlan(net: NetworkContext, page: PageAccess, plan: FacebookPlan): Promise<PublishResult> {
  const sponsor = { sponsor_id: plan.sponsorId };
  switch (plan.kind) {
    case "status": {
      const created = await post(net, page, "feed", { message: plan.message, link: plan.link, ...sponsor }, IdSchema);
      return published(net, page, created.id);
    }
    case "photo": {
      const image = plan.images[0];
      if (!image) throw new ApiError("internal_error", { platform: "facebook", message: "facebook: a photo plan without a photo" });
      // Page.json POST photos takes `alt_text_custom`: the photo's own alt text instead of Meta's generated one.
      const created = await post(net, page, "photos", { url: image.url, alt_text_custom: image.alt ?? undefined, caption: plan.message, published: "true", ...sponsor }, PhotoSchema);
      return published(net, page, created.post_id ?? created.id);
    }
    case "album": {
      const attached: Record<string, string> = {};
      for (const [i, image] of plan.images.entries()) attached[`attached_media[${i}]`] = JSON.stringify({ media_fbid: await unpublishedPhoto(net, page, image) });
      const created = await post(net, page, "feed", { message: plan.message, ...attached, ...sponsor }, IdSchema);
      return published(net, page, created.id);
    }
    case "story": {
      const image = plan.images[0];
      if (!image) throw new ApiError("internal_error", { platform: "facebook", message: "facebook: a story plan without a photo" });
      const photoId = await unpublishedPhoto(net, page, image);
      const story = await post(net, page, "photo_stories", { photo_id: photoId }, StorySchema);
      return { state: "published", networkPostId: story.post_id, url: null };
    }
    case "reel": {
      if (!plan.video) throw new ApiError("internal_error", { platform: "facebook", message: "facebook: a reel plan without a video" });
      // The reel is published by its finish call and then processed like a feed video, so it is polled the same way.
      const reel = await publishInPhases(net, page, "video_reels", plan.video.url, { video_state: "PUBLISHED", description: plan.message, title: plan.title });
      const pollToken = encodePollToken({ kind: "video", pageId: page.pageId, videoId: reel.videoId });
      return { state: "processing", networkPostId: null, url: null, pollToken, pollAfterSeconds: facebookPublishing.videoPollSeconds };
    }
    case "video_story": {
      if (!plan.video) throw new ApiError("internal_error", { platform: "facebook", message: "facebook: a story plan without a video" });
      const story = await publishInPhases(net, page, "video_stories", plan.video.url, {});
      return { state: "published", networkPostId: story.postId ?? story.videoId, url: null };
    }
    case "video": {
      if (!plan.video) throw new ApiError("internal_error", { platform: "facebook", message: "facebook: a video plan without a video" });
      const created = await post(net, page, "videos", { file_url: plan.video.url, description: plan.message, title: plan.title, published: "true" }, IdSchema);
      const pollToken = encodePollToken({ kind: "video", pageId: page.pageId, videoId: created.id });
      return { state: "processing", networkPostId: null, url: null, pollToken, pollAfterSeconds: facebookPublishing.videoPollSeconds };
    }
  }
}

/**
 * A stored page token Graph refuses (190) makes asPage run the whole plan again with a fresh one.
 * That never posts twice: Graph checks the token before it acts, so the refused request wrote
 * nothing; in every plan the request that publishes is the last one that can fail (the permalink
 * read after it never throws); and what albums and stories upload before it are unpublished
 * photos, and what reels and video stories upload before their finish call is an unfinished
 * upload session, which Meta discards when nothing uses them.
 */
export async function publishOnPage(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<PublishResult> {
  const plan = planFacebookPost(request);
  return asPage(tokens, net, plan.pageId, (page) => publishPlan(net, page, plan));
}

/**
 * Polls a page video. `ready` is published (its feed post id when Meta names one); `error` is a
 * failed target with Meta's processing message; anything else (`upload_complete`, `processing`)
 * keeps polling. A refusal that polling again cannot cure (token gone, page lost) ends the target;
 * throttling and outages are thrown so the poller simply tries later (settlePollRefusal).
 */
export async function checkPublishOnPage(tokens: TokenSet, pollToken: string, net: NetworkContext): Promise<PublishResult> {
  const poll = decodePollToken("facebook", VideoPollSchema, pollToken);
  try {
    const video = await asPage(tokens, net, poll.pageId, (page) =>
      graphRequest(net, table, facebookGraphUrl(net, poll.videoId, { fields: "status,post_id,permalink_url", access_token: page.token }), VideoStatusSchema),
    );
    const status = video.status?.video_status;
    if (status === "ready") return { state: "published", networkPostId: video.post_id ?? video.id, url: absoluteUrl(video.permalink_url, facebookWeb) };
    if (status === "error") {
      const reason = video.status?.processing_phase?.errors?.[0]?.message ?? "the video could not be processed";
      return { state: "failed", error: new ApiError("media_unreadable", { platform: "facebook", message: `facebook: ${reason}` }) };
    }
    return { state: "processing", networkPostId: null, url: null, pollToken, pollAfterSeconds: facebookPublishing.videoPollSeconds };
  } catch (error) {
    return settlePollRefusal(error);
  }
}
