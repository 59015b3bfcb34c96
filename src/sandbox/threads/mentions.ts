import type { Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SandboxAccount, SimulatedActivityInput, SimulatedActivityResult, SimulatorDeps } from "../types.js";
import { authenticate, graphJson, type GraphNode, type GraphProfile, pageOf, selectFields, unsupportedRequest } from "../meta/graph-wire.js";
import { type SandboxThread, threadNode } from "./publishing.js";

/**
 * The mentions edge of the Threads simulator, `GET /{threads-user-id}/mentions` (permission
 * `threads_manage_mentions`): every post of another simulated person that names the account
 * (`@handle`), newest first, with `fields=` selection and Graph cursor paging. Simulated people
 * write those posts through `simulateThreadsActivity`; Threads raises nothing else its API lists.
 */

const DEFAULT_ACTOR = "sandbox.friend";

const names = (text: string, handle: string) => new RegExp(`(^|[^A-Za-z0-9_.])@${handle.replace(/[.]/g, "\\.")}(?![A-Za-z0-9_.])`, "i").test(text);

export function mountThreadsMentions(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;
  graph.get("/:version/:userId/mentions", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "threads_manage_mentions" });
    if (!auth.ok) return auth.response;
    const id = c.req.param("userId");
    if (id !== "me" && id !== auth.account.id) return unsupportedRequest("GET", id);
    const posts = (await deps.store.list<SandboxThread>("threads", "thread"))
      .filter((r) => r.owner !== auth.account.id && names(r.data.text, auth.account.handle))
      .sort((a, b) => b.data.publishedAt.localeCompare(a.data.publishedAt) || b.id.localeCompare(a.id));
    const nodes: GraphNode[] = [];
    for (const post of posts) {
      const author = post.owner ? (await deps.store.get<SandboxAccount>("threads", "account", post.owner))?.data : undefined;
      if (!author) continue;
      const picked = selectFields(threadNode(post.id, post.data, author), c.req.query("fields"), "id", "ThreadsMedia");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson(pageOf(c.req.raw, nodes));
  });
}

/** A simulated person posts a thread naming the account: the one notification Threads' API lists. */
export async function simulateThreadsActivity(deps: SimulatorDeps, seed: (handle: string) => Promise<SandboxAccount>, input: SimulatedActivityInput): Promise<SimulatedActivityResult> {
  if (input.action !== "mention") return { ok: false, reason: "action_unsupported" };
  const recipient = (await deps.store.get<SandboxAccount>("threads", "account", input.recipientId))?.data;
  if (!recipient) return { ok: false, reason: "subject_unknown" };
  const actor = await seed(input.actorHandle ?? DEFAULT_ACTOR);
  const post: SandboxThread = {
    text: `@${recipient.handle} ${input.text ?? "says hello (a simulated mention from the Chorus sandbox)"}`,
    publishedAt: deps.now().toISOString(),
    mediaType: "TEXT_POST",
  };
  const id = numericId(17);
  await deps.store.put<SandboxThread>("threads", "thread", id, post, actor.id);
  return { ok: true, actor, networkId: id };
}
