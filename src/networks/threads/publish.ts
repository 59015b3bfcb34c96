import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { pollContainers, startCarousel, startContainer, type ContainerWire } from "../meta/containers.js";
import { extraString, graphPost, graphRequest, graphUrl } from "../meta/graph.js";
import { textFingerprint } from "../meta/publish-common.js";
import type { PublishMedia, PublishRequest, PublishResult } from "../publish-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { threadsDefaultApiVersion, threadsPublishing, threadsUrls } from "./capabilities.js";
import { threadsContainerError, threadsErrorTable as table } from "./errors.js";
import { planThreadsPost } from "./publish-plan.js";

/**
 * Threads publishing through the shared container flow (meta/containers.ts):
 * `POST /{threads-user-id}/threads` creates a TEXT, IMAGE, VIDEO or CAROUSEL container (carousel
 * items with `is_carousel_item=true` first), `GET /{container-id}?fields=status,error_message`
 * waits for FINISHED, `POST /{threads-user-id}/threads_publish` with `creation_id` publishes it,
 * and `GET /{threads-media-id}?fields=permalink` gives the link. A lost publish is found among
 * `GET /{threads-user-id}/threads` by its text; `DELETE /{threads-media-id}` retracts a post.
 */

const url = (net: NetworkContext, path: string, params: Record<string, string | undefined> = {}) => graphUrl(threadsUrls.graph, net.config.apiVersion ?? threadsDefaultApiVersion, path, params);

const IdSchema = v.object({ id: v.string() });
const ContainerSchema = v.object({ id: v.optional(v.string()), status: v.optional(v.string()), error_message: v.optional(v.string()) });
const PermalinkSchema = v.object({ id: v.string(), permalink: v.optional(v.string()) });
const ThreadsListSchema = v.object({
  data: v.array(v.object({ id: v.string(), text: v.optional(v.string()), permalink: v.optional(v.string()), timestamp: v.optional(v.string()) })),
});

const userIdOf = (tokens: TokenSet) => extraString(tokens, "userId", "threads");

/** The newest own post within the window whose text has this fingerprint. */
async function locateByText(tokens: TokenSet, net: NetworkContext, userId: string, fingerprint: string) {
  const list = url(net, `${userId}/threads`, { fields: "id,text,permalink,timestamp", limit: String(threadsPublishing.recentPostsLimit), access_token: tokens.accessToken });
  const posts = await graphRequest(net, table, list, ThreadsListSchema);
  for (const post of posts.data) {
    const at = post.timestamp ? Date.parse(post.timestamp) : Number.NaN;
    if (Number.isNaN(at) || net.now().getTime() - at > threadsPublishing.findWindowHours * 3_600_000) continue;
    if ((await textFingerprint(post.text ?? "")) === fingerprint) return { networkPostId: post.id, url: post.permalink ?? null };
  }
  return null;
}

export function threadsWire(tokens: TokenSet, net: NetworkContext, userId: string): ContainerWire {
  const token = tokens.accessToken;
  return {
    platform: "threads",
    async create(fields) {
      return (await graphPost(net, table, url(net, `${userId}/threads`), { ...fields, access_token: token }, IdSchema)).id;
    },
    async status(id) {
      const body = await graphRequest(net, table, url(net, id, { fields: "status,error_message", access_token: token }), ContainerSchema);
      return { state: body.status, detail: body.error_message };
    },
    async publish(id) {
      return (await graphPost(net, table, url(net, `${userId}/threads_publish`), { creation_id: id, access_token: token }, IdSchema)).id;
    },
    async permalink(mediaId) {
      try {
        return (await graphRequest(net, table, url(net, mediaId, { fields: "permalink", access_token: token }), PermalinkSchema)).permalink ?? null;
      } catch {
        return null;
      }
    },
    failure: threadsContainerError,
    locate: (poll) => locateByText(tokens, net, userId, poll.fingerprint),
    pollAfterSeconds: (video) => (video ? threadsPublishing.videoPollSeconds : threadsPublishing.pollSeconds),
  };
}

const itemFields = (item: PublishMedia): Record<string, string | undefined> =>
  item.kind === "video"
    ? { media_type: "VIDEO", video_url: item.url, is_carousel_item: "true", alt_text: item.alt ?? undefined }
    : { media_type: "IMAGE", image_url: item.url, is_carousel_item: "true", alt_text: item.alt ?? undefined };

export async function publishToThreads(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<PublishResult> {
  const plan = planThreadsPost(request);
  const userId = userIdOf(tokens);
  const wire = threadsWire(tokens, net, userId);
  const basics = { userId, fingerprint: await textFingerprint(plan.fields.text ?? ""), story: false, video: plan.items.some((item) => item.kind === "video") };
  if (plan.kind === "CAROUSEL") return startCarousel(wire, basics, plan.items.map(itemFields), plan.fields);
  const [item] = plan.items;
  const media = item === undefined ? {} : item.kind === "video" ? { video_url: item.url } : { image_url: item.url };
  return startContainer(wire, basics, { media_type: plan.kind, ...media, ...plan.fields });
}

export async function checkThreadsPublish(tokens: TokenSet, pollToken: string, net: NetworkContext): Promise<PublishResult> {
  return pollContainers(threadsWire(tokens, net, userIdOf(tokens)), pollToken);
}

export async function findOnThreads(tokens: TokenSet, request: PublishRequest, net: NetworkContext) {
  const plan = planThreadsPost(request);
  return locateByText(tokens, net, userIdOf(tokens), await textFingerprint(plan.fields.text ?? ""));
}

const DeletedSchema = v.object({ success: v.boolean(), deleted_id: v.optional(v.string()) });

/** `DELETE /{threads-media-id}` (needs threads_delete; 100 deletes per 24 h). */
export async function deleteFromThreads(tokens: TokenSet, networkPostId: string, net: NetworkContext): Promise<void> {
  const answer = await graphRequest(net, table, url(net, networkPostId, { access_token: tokens.accessToken }), DeletedSchema, { method: "DELETE" });
  if (!answer.success) throw new ApiError("platform_unavailable", { platform: "threads", message: `threads: the post ${networkPostId} was not deleted` });
}
