import type { Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SimulatorDeps } from "../types.js";
import { authenticate, graphJson, graphParams, type GraphProfile, unsupportedRequest } from "../meta/graph-wire.js";
import type { SandboxThread } from "./publishing.js";

/**
 * Reposts on the Threads simulator: `POST /{threads-media-id}/repost` (permission
 * `threads_content_publish`) answers `{ id }` of the new repost, as the Threads "Reposts" guide
 * shows. A post that does not exist is Graph's "Unsupported post request" (code 100, subcode
 * 33). Threads documents no undo, so the simulator has none either. A second repost of the same
 * post by the same account answers the existing repost (the app shows one repost per person;
 * the API's answer to a repeat is not documented). Reposts count in the post's `reposts` insight.
 */

export interface SandboxRepost {
  repostedPost: string;
  publishedAt: string;
}

/** How many reposts a post has. */
export async function repostCount(deps: SimulatorDeps, mediaId: string): Promise<number> {
  return (await deps.store.list<SandboxRepost>("threads", "repost")).filter((r) => r.data.repostedPost === mediaId).length;
}

export function mountThreadsReposts(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;
  graph.post("/:version/:mediaId/repost", async (c) => {
    const params = await graphParams(c.req.raw);
    const auth = await authenticate(profile, c.req.raw, { door, permission: "threads_content_publish", form: params });
    if (!auth.ok) return auth.response;
    const mediaId = c.req.param("mediaId");
    const post = await deps.store.get<SandboxThread>("threads", "thread", mediaId);
    if (!post) return unsupportedRequest("POST", mediaId);
    const earlier = (await deps.store.list<SandboxRepost>("threads", "repost", { owner: auth.account.id })).find((r) => r.data.repostedPost === mediaId);
    if (earlier) return graphJson({ id: earlier.id });
    const id = numericId(17);
    await deps.store.put<SandboxRepost>("threads", "repost", id, { repostedPost: mediaId, publishedAt: deps.now().toISOString() }, auth.account.id);
    return graphJson({ id });
  });
}
