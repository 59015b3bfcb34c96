import type { Hono } from "hono";
import type { SandboxAccount } from "../types.js";
import { authenticate, graphJson, type GraphNode, type GraphProfile, invalidParameter, pageOf, selectFields } from "../meta/graph-wire.js";
import { type SandboxThread, threadNode } from "./publishing.js";

/**
 * `GET /keyword_search` of the simulated Threads: every post of the simulated world whose text
 * holds the words (KEYWORD) or the `#tag` (TAG), newest first for RECENT and by how many of the
 * words it holds for TOP, within `since`/`until` (Unix seconds) and of `media_type`. The owner is
 * not a field of the results (Threads never returns it here); `username` is.
 */

const SEARCH_TYPES = ["TOP", "RECENT"];
const SEARCH_MODES = ["KEYWORD", "TAG"];
const MEDIA_TYPES: Record<string, string[]> = { TEXT: ["TEXT_POST"], IMAGE: ["IMAGE", "CAROUSEL_ALBUM"], VIDEO: ["VIDEO"] };

export function mountKeywordSearch(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps } = profile;
  graph.get("/:version/keyword_search", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door, permission: "threads_keyword_search" });
    if (!auth.ok) return auth.response;
    const q = (c.req.query("q") ?? "").trim();
    if (!q) return invalidParameter("(#100) The parameter q is required");
    const type = c.req.query("search_type") ?? "TOP";
    const mode = c.req.query("search_mode") ?? "KEYWORD";
    const media = c.req.query("media_type");
    if (!SEARCH_TYPES.includes(type)) return invalidParameter(`(#100) Param search_type must be one of {${SEARCH_TYPES.join(", ")}}`);
    if (!SEARCH_MODES.includes(mode)) return invalidParameter(`(#100) Param search_mode must be one of {${SEARCH_MODES.join(", ")}}`);
    if (media !== undefined && !MEDIA_TYPES[media]) return invalidParameter(`(#100) Param media_type must be one of {${Object.keys(MEDIA_TYPES).join(", ")}}`);
    const bound = (name: string) => {
      const raw = c.req.query(name);
      return raw === undefined ? null : /^\d+$/.test(raw) ? Number(raw) * 1000 : Number.NaN;
    };
    const since = bound("since");
    const until = bound("until");
    if (Number.isNaN(since) || Number.isNaN(until)) return invalidParameter("(#100) Params since and until must be Unix timestamps");
    const fields = (c.req.query("fields") ?? "id").split(",");
    if (fields.includes("owner")) return invalidParameter("(#100) Tried accessing nonexisting field (owner) on node type (ThreadsKeywordSearchResult)");
    const words = q.toLowerCase().split(/\s+/).filter(Boolean);
    const matches = (text: string) =>
      mode === "TAG" ? new RegExp(`(^|\\s)#${q.replace(/^#/, "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}_])`, "iu").test(text) : words.every((w) => text.toLowerCase().includes(w));
    const accounts = new Map<string, SandboxAccount | null>();
    const found: { id: string; post: SandboxThread; account: SandboxAccount; score: number }[] = [];
    for (const record of await deps.store.list<SandboxThread>("threads", "thread")) {
      const post = record.data;
      const at = Date.parse(post.publishedAt);
      if (!matches(post.text) || (since !== null && at < since) || (until !== null && at >= until)) continue;
      if (media && !MEDIA_TYPES[media]?.includes(post.mediaType ?? "TEXT_POST")) continue;
      const owner = record.owner ?? "";
      if (!accounts.has(owner)) accounts.set(owner, (await deps.store.get<SandboxAccount>("threads", "account", owner))?.data ?? null);
      const account = accounts.get(owner);
      if (!account) continue;
      found.push({ id: record.id, post, account, score: words.filter((w) => post.text.toLowerCase().includes(w)).length });
    }
    found.sort((a, b) => (type === "TOP" && a.score !== b.score ? b.score - a.score : b.post.publishedAt.localeCompare(a.post.publishedAt) || b.id.localeCompare(a.id)));
    const nodes: GraphNode[] = [];
    for (const { id, post, account } of found) {
      const { owner: _owner, ...node } = threadNode(id, post, account);
      const picked = selectFields(node, c.req.query("fields"), "id", "ThreadsKeywordSearchResult");
      if (picked instanceof Response) return picked;
      nodes.push(picked);
    }
    return graphJson(pageOf(c.req.raw, nodes, 100));
  });
}
