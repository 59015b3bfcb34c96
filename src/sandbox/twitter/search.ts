import type { Hono } from "hono";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { invalidRequest, type SandboxMedia } from "./media.js";
import { listingBody, readListing } from "./post-listing.js";
import { userObjectOf } from "./users.js";
import type { SandboxPost } from "./state.js";
import { authenticate, rateHeaders } from "./wire.js";

/**
 * Public reads of the simulated X: recent search (`GET /2/tweets/search/recent`) over every post
 * in the sandbox world from the last 7 days, and users by username. The query language is the
 * part of X's that Chorus uses: words (all must appear), quoted phrases, `#tag`, `from:`,
 * `has:images`, `has:videos`, `has:media` and `-` before any of them; another operator is X's
 * 400, as a real query with a typo would be.
 */

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const END_MARGIN_MS = 10_000;
/** Without `end_time`, X searches up to 30 seconds before the request. */
const DEFAULT_END_LAG_MS = 30_000;
const MAX_QUERY = 512;

type Term = { negate: boolean; test: (post: SandboxPost, ctx: MatchContext) => boolean };
interface MatchContext {
  author: SandboxAccount | undefined;
  media: (SandboxMedia | null)[];
}

const words = (text: string) => text.toLowerCase();

/** The terms of a query, or the message of X's 400 for what cannot be parsed. */
export function parseSearchQuery(query: string): Term[] | string {
  const tokens = query.match(/-?"[^"]*"|\S+/g) ?? [];
  const terms: Term[] = [];
  for (const raw of tokens) {
    const negate = raw.startsWith("-") && raw.length > 1;
    const token = negate ? raw.slice(1) : raw;
    if (token.startsWith('"')) {
      const phrase = words(token.slice(1, -1));
      terms.push({ negate, test: (p) => words(p.text).includes(phrase) });
    } else if (token.startsWith("#")) {
      const tag = words(token.slice(1));
      terms.push({ negate, test: (p) => new RegExp(`(^|[^\\p{L}\\p{N}_])#${tag.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}_])`, "iu").test(p.text) });
    } else if (/^from:/i.test(token)) {
      const handle = words(token.slice(5));
      terms.push({ negate, test: (_p, ctx) => words(ctx.author?.handle ?? "") === handle });
    } else if (/^has:/i.test(token)) {
      const kind = words(token.slice(4));
      if (kind === "images") terms.push({ negate, test: (_p, ctx) => ctx.media.some((m) => m !== null && m.mediaType.startsWith("image/")) });
      else if (kind === "videos") terms.push({ negate, test: (_p, ctx) => ctx.media.some((m) => m !== null && m.mediaType.startsWith("video/")) });
      else if (kind === "media") terms.push({ negate, test: (p) => p.mediaIds.length > 0 });
      else return `There were errors processing your request: Reference to invalid operator 'has:${kind}'`;
    } else if (/^[a-z_]+:/i.test(token)) {
      return `There were errors processing your request: Reference to invalid operator '${token.split(":")[0] ?? token}'`;
    } else {
      const word = words(token);
      terms.push({ negate, test: (p) => words(p.text).includes(word) });
    }
  }
  if (terms.length === 0 || terms.every((t) => t.negate)) return "There were errors processing your request: Rules must contain a non-negation term";
  return terms;
}

function timeParam(value: string | undefined): number | null | "invalid" {
  if (value === undefined) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? "invalid" : ms;
}

export function mountSearchRoutes(app: Hono, deps: SimulatorDeps): void {
  app.get("/2/tweets/search/recent", async (c) => {
    const auth = await authenticate(c, deps, ["tweet.read", "users.read"]);
    if (auth instanceof Response) return auth;
    const query = c.req.query("query") ?? "";
    if (query.length < 1 || query.length > MAX_QUERY) return invalidRequest(c, `The \`query\` query parameter value [${query}] is not between 1 and ${MAX_QUERY} characters`);
    const max = Number(c.req.query("max_results") ?? "10");
    if (!Number.isInteger(max) || max < 10 || max > 100) return invalidRequest(c, `The \`max_results\` query parameter value [${c.req.query("max_results") ?? ""}] is not between 10 and 100`);
    const sort = c.req.query("sort_order") ?? "recency";
    if (sort !== "recency" && sort !== "relevancy") return invalidRequest(c, `The \`sort_order\` query parameter value [${sort}] is not one of [recency,relevancy]`);
    const now = deps.now().getTime();
    const start = timeParam(c.req.query("start_time"));
    const end = timeParam(c.req.query("end_time"));
    if (start === "invalid" || end === "invalid") return invalidRequest(c, "The `start_time` or `end_time` query parameter value is not a valid RFC 3339 date-time");
    if (start !== null && start < now - WEEK_MS)
      return invalidRequest(c, `Invalid 'start_time':'${c.req.query("start_time") ?? ""}'. 'start_time' must be on or after ${new Date(now - WEEK_MS).toISOString()}`);
    if (end !== null && end > now - END_MARGIN_MS)
      return invalidRequest(c, `Invalid 'end_time':'${c.req.query("end_time") ?? ""}'. 'end_time' must be a minimum of 10 seconds prior to the request time.`);
    if (start !== null && end !== null && start >= end) return invalidRequest(c, "Invalid 'start_time': 'start_time' must be before 'end_time'");
    const terms = parseSearchQuery(query);
    if (typeof terms === "string") return invalidRequest(c, terms);
    const listing = readListing(c);
    if (listing instanceof Response) return listing;

    const from = Math.max(start ?? 0, now - WEEK_MS);
    const to = end ?? now - DEFAULT_END_LAG_MS;
    const found: { post: SandboxPost; score: number }[] = [];
    const authors = new Map<string, SandboxAccount | undefined>();
    for (const { data: post } of await deps.store.list<SandboxPost>("twitter", "post")) {
      const at = Date.parse(post.createdAt);
      if (post.deleted || at < from || at >= to) continue;
      if (!authors.has(post.authorId)) authors.set(post.authorId, (await deps.store.get<SandboxAccount>("twitter", "account", post.authorId))?.data);
      const media = await Promise.all(post.mediaIds.map(async (id) => (await deps.store.get<SandboxMedia>("twitter", "media", id))?.data ?? null));
      const ctx = { author: authors.get(post.authorId), media };
      if (!terms.every((t) => t.test(post, ctx) !== t.negate)) continue;
      // Relevance in the sandbox: how often the positive words occur; X's own ranking is not public.
      found.push({ post, score: terms.filter((t) => !t.negate).length + (post.text.match(/#/g)?.length ?? 0) });
    }
    const newest = (a: SandboxPost, b: SandboxPost) => b.createdAt.localeCompare(a.createdAt) || (BigInt(b.id) > BigInt(a.id) ? 1 : -1);
    found.sort((a, b) => (sort === "relevancy" && a.score !== b.score ? b.score - a.score : newest(a.post, b.post)));
    const all = found.map((f) => f.post);
    const token = c.req.query("next_token") ?? c.req.query("pagination_token");
    const startIndex = token ? all.findIndex((p) => p.id === token) : 0;
    if (startIndex < 0) return invalidRequest(c, `The \`next_token\` query parameter value [${token ?? ""}] is not valid`);
    const page = all.slice(startIndex, startIndex + max);
    const next = all[startIndex + max]?.id ?? null;
    return c.json(await listingBody(deps, page, listing, next), 200, rateHeaders(deps, 449));
  });

  app.get("/2/users/by/username/:username", async (c) => {
    const auth = await authenticate(c, deps, ["tweet.read", "users.read"]);
    if (auth instanceof Response) return auth;
    const username = c.req.param("username");
    if (!/^[A-Za-z0-9_]{1,15}$/.test(username)) return invalidRequest(c, `The \`username\` query parameter value [${username}] does not match ^[A-Za-z0-9_]{1,15}$`);
    const listing = readListing(c);
    if (listing instanceof Response) return listing;
    const account = (await deps.store.list<SandboxAccount>("twitter", "account")).map((r) => r.data).find((a) => a.handle.toLowerCase() === username.toLowerCase());
    if (!account) {
      // X answers a username nobody has with 200 and an `errors` array, without `data`.
      return c.json({
        errors: [
          {
            value: username,
            detail: `Could not find user with username: [${username}].`,
            title: "Not Found Error",
            resource_type: "user",
            parameter: "username",
            resource_id: username,
            type: "https://api.x.com/2/problems/resource-not-found",
          },
        ],
      });
    }
    return c.json({ data: await userObjectOf(deps, account, listing.fields["user.fields"]) }, 200, rateHeaders(deps, 899));
  });
}
