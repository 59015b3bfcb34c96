import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { PublishRequest } from "../publish-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { facebookPublishing } from "./capabilities.js";
import { facebookErrorTable as table } from "../meta/facebook-errors.js";
import { graphRequest, SuccessSchema } from "../meta/graph.js";
import { absoluteUrl } from "../meta/publish-common.js";
import { asEachPage, asPage, facebookGraphUrl, notOnPage, type PageAccess } from "../meta/page-access.js";
import { planFacebookPost } from "./publish-plan.js";

/**
 * After a publish whose answer was lost: the page's recent posts (and, for a video attempt, its
 * recent videos, which reach `/posts` only once processed) are searched for the same text. Meta
 * takes no client-side idempotency key, so the text is the only thread back to the attempt. A
 * media-only post has no text; the newest post without a message in the window is taken for it,
 * because claiming a post that exists beats posting twice (at most once per target). A Reel is
 * looked for among the page's Reels (`/video_reels`): the feed does not list Reels (Graph PagePost
 * reference), and a Reel is listed there from its finish call on, processed or not. Stories do
 * not appear in `/posts` and carry no text: a lost story attempt cannot be found.
 */

const PostSchema = v.object({ id: v.string(), message: v.optional(v.string()), created_time: v.optional(v.string()), permalink_url: v.optional(v.string()) });
const VideoSchema = v.object({
  id: v.string(),
  description: v.optional(v.string()),
  post_id: v.optional(v.string()),
  permalink_url: v.optional(v.string()),
});
const ListSchema = <S extends v.GenericSchema>(item: S) => v.object({ data: v.array(item) });

const sameText = (sent: string, seen: string | undefined) => sent.trim() === (seen ?? "").trim();

export async function findOnPage(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<{ networkPostId: string; url: string | null } | null> {
  const plan = planFacebookPost(request);
  if (plan.kind === "story" || plan.kind === "video_story") return null;
  return asPage(tokens, net, plan.pageId, (page) =>
    plan.kind === "video" ? findVideo(net, page, request.text) : plan.kind === "reel" ? findVideo(net, page, request.text, "video_reels") : findPost(net, page, request.text),
  );
}

const recent = (net: NetworkContext) => ({
  since: String(Math.floor(net.now().getTime() / 1000) - facebookPublishing.findWindowHours * 3600),
  limit: String(facebookPublishing.recentPostsLimit),
});

async function findVideo(net: NetworkContext, page: PageAccess, text: string, edge: "videos" | "video_reels" = "videos") {
  const url = facebookGraphUrl(net, `${page.pageId}/${edge}`, { fields: "id,description,post_id,permalink_url", ...recent(net), access_token: page.token });
  const videos = await graphRequest(net, table, url, ListSchema(VideoSchema));
  const video = videos.data.find((item) => sameText(text, item.description));
  return video ? { networkPostId: video.post_id ?? video.id, url: absoluteUrl(video.permalink_url, "https://www.facebook.com") } : null;
}

async function findPost(net: NetworkContext, page: PageAccess, text: string) {
  const url = facebookGraphUrl(net, `${page.pageId}/posts`, { fields: "id,message,created_time,permalink_url", ...recent(net), access_token: page.token });
  const posts = await graphRequest(net, table, url, ListSchema(PostSchema));
  const found = posts.data.find((item) => sameText(text, item.message));
  return found ? { networkPostId: found.id, url: absoluteUrl(found.permalink_url, "https://www.facebook.com") } : null;
}

const notThePagesPost = (networkPostId: string) =>
  new ApiError("missing_permission", { platform: "facebook", message: `The connected Facebook account no longer manages the page of post ${networkPostId}.` });

/**
 * `DELETE /{post-id}` with the page's token. Feed post ids are `{page-id}_{post-id}`, which names
 * the page; a bare id (a video whose feed post was never named) is tried with each managed page's
 * token until the page that owns it answers.
 */
export async function deleteFromPage(tokens: TokenSet, networkPostId: string, net: NetworkContext): Promise<void> {
  const remove = (page: PageAccess) => graphRequest(net, table, facebookGraphUrl(net, networkPostId, { access_token: page.token }), SuccessSchema, { method: "DELETE" });
  const owner = networkPostId.includes("_") ? networkPostId.split("_")[0] : undefined;
  if (owner) {
    await asPage(tokens, net, owner, remove, () => notThePagesPost(networkPostId));
    return;
  }
  let last: ApiError | null = null;
  // (#100) "does not exist ... or does not support this operation": not this page's object.
  const notHere = (error: unknown) => {
    if (!(error instanceof ApiError) || error.code !== "platform_rejected") return false;
    last = error;
    return true;
  };
  let pagesAsked = 0;
  const result = await asEachPage(
    tokens,
    net,
    (page) => {
      pagesAsked++;
      return remove(page);
    },
    notHere,
  );
  if (result !== notOnPage) return;
  if (pagesAsked === 0) throw notThePagesPost(networkPostId);
  throw last ?? new ApiError("platform_rejected", { platform: "facebook", message: `facebook: no managed page holds ${networkPostId}`, fix: null });
}
