import type { Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SandboxAccount, SimulatedActivityInput, SimulatedActivityResult, SimulatorDeps } from "../types.js";
import { authenticate, graphJson, pageOf, selectFields, unsupportedRequest, type GraphNode, type GraphProfile } from "../meta/graph-wire.js";
import type { SandboxPage } from "../meta/pages.js";

/**
 * Page recommendations as Graph serves them: `GET /{page-id}/ratings` (the Recommendation node:
 * created_time, has_rating, has_review, open_graph_story, rating, recommendation_type,
 * review_text, reviewer), read with the page's own token and pages_read_user_content, newest
 * first with cursor paging. A recommendation is an open graph story: the page answers it with
 * a comment on the story (`POST /{story-id}/comments`), which page-comments.ts serves beside the
 * comments on posts. People recommend pages in the Facebook app only: a simulated person does it
 * here through the sandbox activity route (simulateRecommendation).
 */

const platform = "facebook";

export interface SandboxRecommendation {
  pageId: string;
  reviewer: { id: string; name: string };
  recommendationType: "positive" | "negative";
  text: string | null;
  createdAt: string;
}

const graphTime = (iso: string) => `${iso.slice(0, 19)}+0000`;

function recommendationNode(storyId: string, r: SandboxRecommendation): GraphNode {
  return {
    created_time: graphTime(r.createdAt),
    has_rating: false,
    has_review: r.text !== null,
    open_graph_story: { id: storyId, type: "og.recommends", start_time: graphTime(r.createdAt) },
    // The 1-5 `rating` belongs to the star ratings Facebook replaced with recommendations; a known field, absent here.
    rating: null,
    recommendation_type: r.recommendationType,
    review_text: r.text,
    reviewer: { id: r.reviewer.id, name: r.reviewer.name },
  };
}

/** The recommendation stored under this story id, if any: what page-comments.ts asks before taking a story as a comment's object. */
export async function recommendationOf(deps: SimulatorDeps, storyId: string): Promise<{ owner: string | null; data: SandboxRecommendation } | null> {
  const found = await deps.store.get<SandboxRecommendation>(platform, "recommendation", storyId);
  return found ? { owner: found.owner ?? null, data: found.data } : null;
}

export function mountPageRatings(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;
  graph.get("/:version/:pageId/ratings", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "pages_read_user_content" });
    if (!auth.ok) return auth.response;
    const pageId = c.req.param("pageId");
    const page = await deps.store.get<SandboxPage>(platform, "page", pageId);
    // Ratings are read with the page's own token (a person's token, or another page's, is refused).
    if (!page || page.owner !== auth.account.id || auth.meta?.pageId !== pageId) return unsupportedRequest("GET", pageId);
    const all = (await deps.store.list<SandboxRecommendation>(platform, "recommendation", { owner: auth.account.id }))
      .filter((r) => r.data.pageId === pageId)
      .sort((a, b) => b.data.createdAt.localeCompare(a.data.createdAt) || b.id.localeCompare(a.id));
    const nodes: GraphNode[] = [];
    for (const r of all) {
      const picked = selectFields(recommendationNode(r.id, r.data), c.req.query("fields"), "created_time,recommendation_type,review_text", "Recommendation");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson(pageOf(c.req.raw, nodes));
  });
}

/**
 * A simulated person recommends (or not) one of the recipient's pages: `subject` names the page,
 * the first one otherwise; `rating` is `positive` or `negative`.
 */
export async function simulateRecommendation(deps: SimulatorDeps, seed: (handle: string) => Promise<SandboxAccount>, input: SimulatedActivityInput): Promise<SimulatedActivityResult> {
  if (input.rating !== "positive" && input.rating !== "negative") return { ok: false, reason: "rating_invalid" };
  const pages = (await deps.store.list<SandboxPage>(platform, "page", { owner: input.recipientId })).map((p) => p.data).sort((a, b) => a.name.localeCompare(b.name));
  const page = input.subject ? pages.find((p) => p.id === input.subject) : pages[0];
  if (!page) return { ok: false, reason: "subject_unknown" };
  const actor = await seed(input.actorHandle ?? "sandbox.recommender");
  const storyId = numericId(17);
  const recommendation: SandboxRecommendation = {
    pageId: page.id,
    reviewer: { id: actor.id, name: actor.displayName },
    recommendationType: input.rating,
    text: input.text,
    createdAt: deps.now().toISOString(),
  };
  await deps.store.put(platform, "recommendation", storyId, recommendation, input.recipientId);
  return { ok: true, actor, networkId: storyId };
}
