import type { Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SandboxAccount, SimulatedActivityInput, SimulatedActivityResult, SimulatorDeps } from "../types.js";
import { authenticate, graphError, graphJson, type GraphNode, type GraphProfile, pageOf, selectFields, unsupportedRequest } from "../meta/graph-wire.js";
import type { SandboxPage } from "../meta/pages.js";

/**
 * Where a page was tagged, on the Facebook simulator: `GET /{page-id}/tagged` (page token;
 * `pages_read_engagement` and `pages_read_user_content`) lists other people's posts naming the
 * page, newest first, as PagePost nodes with `fields=` selection and cursor paging. A user token
 * is refused as Graph refuses page-only edges (#210). Simulated people tag a page through
 * `simulateFacebookMention`; the posts live on their own profiles, so they are stored apart from
 * the page's own posts.
 */

const platform = "facebook";
const DEFAULT_ACTOR = "sandbox.fan";

export interface SandboxTaggedPost {
  pageId: string;
  from: { id: string; name: string };
  message: string;
  createdAt: string;
}

const graphTime = (iso: string) => `${iso.slice(0, 19)}+0000`;

const taggedNode = (id: string, post: SandboxTaggedPost): GraphNode => ({
  id,
  message: post.message,
  from: post.from,
  created_time: graphTime(post.createdAt),
  permalink_url: `https://sandbox.chorus.invalid/facebook/${post.from.id}/posts/${id.split("_")[1] ?? id}`,
});

export function mountPageTagged(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;
  graph.get("/:version/:pageId/tagged", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_read_engagement" });
    if (!auth.ok) return auth.response;
    const pageId = c.req.param("pageId");
    const page = await deps.store.get<SandboxPage>(platform, "page", pageId);
    if (!page || page.owner !== auth.account.id) return unsupportedRequest("GET", pageId);
    if (auth.meta?.pageId !== pageId) return graphError(400, { message: "(#210) A page access token is required to request this resource.", type: "OAuthException", code: 210 });
    if (!auth.token.scopes.includes("pages_read_user_content")) {
      return graphError(403, { message: "(#10) This endpoint requires the 'pages_read_user_content' permission.", type: "OAuthException", code: 10 });
    }
    const posts = (await deps.store.list<SandboxTaggedPost>(platform, "tagged_post", { owner: auth.account.id }))
      .filter((r) => r.data.pageId === pageId)
      .sort((a, b) => b.data.createdAt.localeCompare(a.data.createdAt) || b.id.localeCompare(a.id));
    const nodes: GraphNode[] = [];
    for (const post of posts) {
      const picked = selectFields(taggedNode(post.id, post.data), c.req.query("fields"), "id,message,created_time", "PagePost");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson(pageOf(c.req.raw, nodes));
  });
}

/** A simulated person posts on their own profile, tagging the first page the account manages. */
export async function simulateFacebookMention(deps: SimulatorDeps, seed: (handle: string) => Promise<SandboxAccount>, input: SimulatedActivityInput): Promise<SimulatedActivityResult> {
  const pages = await deps.store.list<SandboxPage>(platform, "page", { owner: input.recipientId });
  const page = pages[0];
  if (!page) return { ok: false, reason: "subject_unknown" };
  const actor = await seed(input.actorHandle ?? DEFAULT_ACTOR);
  const post: SandboxTaggedPost = {
    pageId: page.id,
    from: { id: actor.id, name: actor.displayName },
    message: `${page.data.name} ${input.text ?? "is great (a simulated tag from the Chorus sandbox)"}`,
    createdAt: deps.now().toISOString(),
  };
  const id = `${actor.id}_${numericId(16)}`;
  await deps.store.put(platform, "tagged_post", id, post, input.recipientId);
  return { ok: true, actor, networkId: id };
}
