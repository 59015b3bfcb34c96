import type { Hono } from "hono";
import { authenticate, graphError, graphJson, invalidParameter, unsupportedRequest, type GraphProfile } from "../meta/graph-wire.js";
import { requestForm } from "../meta/graph-request-memo.js";
import type { SandboxPagePost } from "./page-posts.js";

/**
 * Updating a page post: `POST /{page-post-id}` (Graph reference PagePost, "Updating"; the Pages
 * API posts guide, "Update a post"). The page's token with `pages_manage_posts` changes `message`;
 * the node takes no media, so `attached_media` on an existing post is refused, as is any name
 * the node does not declare. The other declared fields (is_hidden, privacy, place...) are not
 * simulated and are refused as unsupported by the sandbox rather than silently dropped.
 */

const platform = "facebook";
const simulated = new Set(["message", "access_token"]);

export function mountPagePostEdits(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;
  graph.post("/:version/:postId", async (c, next) => {
    const id = c.req.param("postId");
    const post = await deps.store.get<SandboxPagePost>(platform, "page_post", id);
    if (!post) return next();
    const form = await requestForm(c.req.raw);
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_manage_posts", form });
    if (!auth.ok) return auth.response;
    if (post.owner !== auth.account.id) return unsupportedRequest("POST", id);
    if (auth.meta?.pageId !== post.data.pageId) {
      return graphError(403, { message: "(#200) The page's access token is required to edit this post", type: "OAuthException", code: 200 });
    }
    if (form.has("attached_media")) return invalidParameter("(#100) The media of a published post cannot be changed");
    const unknown = [...form.keys()].find((name) => !simulated.has(name));
    if (unknown) return invalidParameter(`(#100) Param ${unknown} is not supported by the sandbox on a post update`);
    const message = form.get("message");
    if (message === null) return invalidParameter("(#100) Nothing to update");
    // A post left with neither text nor attachment would be empty, which Graph refuses at creation too.
    if (!message.trim() && post.data.photoIds.length === 0 && !post.data.videoId && !post.data.link) return invalidParameter("(#100) Missing message or attachment");
    await deps.store.put<SandboxPagePost>(platform, "page_post", id, { ...post.data, message: message || null }, post.owner);
    return graphJson({ success: true });
  });
}
