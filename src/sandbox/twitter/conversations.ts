import type { Context, Hono } from "hono";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { invalidRequest } from "./media.js";
import { threadPostObject } from "./post-listing.js";
import { conversationOf, type SandboxPost } from "./state.js";
import { userObjects } from "./users.js";
import { authenticate, rateHeaders } from "./wire.js";
import { jsonBody } from "../json-body.js";

/**
 * Conversations on the simulated X: recent search for a thread
 * (`conversation_id:<id>`, the posts of a thread in the last 7 days, newest first, the thread's
 * first post excluded as X excludes it), and hiding replies (`PUT /2/tweets/{tweet_id}/hidden`,
 * allowed only to the author of the conversation, on a reply in it). Search pages by
 * `pagination_token` (or `next_token`), `max_results` 10 to 100, with the fields, expansions and
 * `public_metrics` the adapter asks for.
 */

const SEARCH_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const POST_FIELDS = ["created_at", "conversation_id", "public_metrics", "lang", "text", "id"];
const EXPANSIONS = ["author_id", "referenced_posts", "in_reply_to_user_id"];
const PROBLEM = { "Content-Type": "application/problem+json" };

const newestFirst = (a: SandboxPost, b: SandboxPost) => (a.createdAt === b.createdAt ? (BigInt(a.id) < BigInt(b.id) ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1);

const notFound = (c: Context, id: string) =>
  c.json(
    {
      title: "Not Found Error",
      type: "https://api.x.com/2/problems/resource-not-found",
      detail: `Could not find tweet with id: [${id}].`,
      status: 404,
      resource_type: "tweet",
      resource_id: id,
      parameter: "id",
    },
    404,
    PROBLEM,
  );

export function mountConversationRoutes(app: Hono, deps: SimulatorDeps): void {
  app.get("/2/tweets/search/recent", async (c, general) => {
    // Only a thread's search is answered here; every other query is the general search's (search.ts).
    const conversation = /^conversation_id:([0-9]{1,19})$/.exec((c.req.query("query") ?? "").trim())?.[1];
    if (!conversation) return general();
    const auth = await authenticate(c, deps, ["tweet.read", "users.read"]);
    if (auth instanceof Response) return auth;
    const max = Number(c.req.query("max_results") ?? "10");
    if (!Number.isInteger(max) || max < 10 || max > 100) return invalidRequest(c, `The \`max_results\` query parameter value [${c.req.query("max_results") ?? ""}] is not between 10 and 100`);
    const fields = (c.req.query("post.fields") ?? "").split(",").filter(Boolean);
    const unknownField = fields.find((f) => !POST_FIELDS.includes(f));
    if (unknownField) return invalidRequest(c, `The \`post.fields\` query parameter value [${unknownField}] is not one of [${POST_FIELDS.join(",")}]`);
    const expansions = (c.req.query("expansions") ?? "").split(",").filter(Boolean);
    const unknownExpansion = expansions.find((e) => !EXPANSIONS.includes(e));
    if (unknownExpansion) return invalidRequest(c, `The \`expansions\` query parameter value [${unknownExpansion}] is not one of [${EXPANSIONS.join(",")}]`);
    const since = deps.now().getTime() - SEARCH_WINDOW_MS;
    const everything = (await deps.store.list<SandboxPost>("twitter", "post")).map((r) => r.data).filter((p) => !p.deleted);
    const matching = everything.filter((p) => p.id !== conversation && conversationOf(p) === conversation && Date.parse(p.createdAt) >= since).sort(newestFirst);
    const token = c.req.query("pagination_token") ?? c.req.query("next_token");
    const start = token ? matching.findIndex((p) => p.id === token) : 0;
    if (start < 0) return invalidRequest(c, `The \`pagination_token\` query parameter value [${token ?? ""}] is not valid`);
    const page = matching.slice(start, start + max);
    const next = matching[start + max];
    const users = new Map<string, SandboxAccount>();
    for (const post of page) {
      const author = (await deps.store.get<SandboxAccount>("twitter", "account", post.authorId))?.data;
      if (author) users.set(author.id, author);
    }
    const userFields = (c.req.query("user.fields") ?? "").split(",");
    const data = await Promise.all(
      page.map(async (post) => {
        const replies = everything.filter((p) => p.replyTo?.id === post.id).length;
        const asked: Record<string, unknown> = {
          created_at: post.createdAt,
          conversation_id: conversationOf(post),
          lang: "en",
          public_metrics: { repost_count: 0, reply_count: replies, like_count: 0, quote_count: 0, bookmark_count: 0, impression_count: 0 },
        };
        return threadPostObject(post, asked, fields, expansions);
      }),
    );
    const includes = expansions.includes("author_id") && users.size > 0 ? { includes: { users: await userObjects(deps, [...users.values()], userFields) } } : {};
    const first = page[0];
    const last = page.at(-1);
    return c.json(
      {
        ...(page.length > 0 ? { data } : {}),
        ...includes,
        meta: { result_count: page.length, ...(first && last ? { newest_id: first.id, oldest_id: last.id } : {}), ...(next ? { next_token: next.id } : {}) },
      },
      200,
      rateHeaders(deps, 449),
    );
  });

  app.put("/2/tweets/:id/hidden", async (c) => {
    const auth = await authenticate(c, deps, ["tweet.read", "tweet.moderate.write", "users.read"]);
    if (auth instanceof Response) return auth;
    const id = c.req.param("id");
    if (!/^[0-9]{1,19}$/.test(id)) return invalidRequest(c, `The \`tweet_id\` path parameter value [${id}] does not match ^[0-9]{1,19}$`);
    const body = await jsonBody(c);
    const hidden = body?.hidden;
    if (!body || typeof hidden !== "boolean" || Object.keys(body).length !== 1) return invalidRequest(c, "$.hidden: is required and must be a boolean; no other property is allowed");
    const post = (await deps.store.get<SandboxPost>("twitter", "post", id))?.data;
    if (!post || post.deleted) return notFound(c, id);
    const root = (await deps.store.get<SandboxPost>("twitter", "post", conversationOf(post)))?.data;
    // Only replies in a conversation the account started can be hidden, and never its own.
    if (!post.replyTo || !root || root.authorId !== auth.account.id || post.authorId === auth.account.id) {
      return c.json({ detail: "You are not allowed to hide this reply.", type: "about:blank", title: "Forbidden", status: 403 }, 403, PROBLEM);
    }
    await deps.store.put("twitter", "post", id, { ...post, hidden }, post.authorId);
    return c.json({ data: { hidden } }, 200, rateHeaders(deps, 49));
  });
}
