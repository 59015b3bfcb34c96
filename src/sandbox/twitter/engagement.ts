import type { Context, Hono } from "hono";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { invalidRequest } from "./media.js";
import type { SandboxPost } from "./posts.js";
import { userObjects } from "./users.js";
import { authenticate, rateHeaders } from "./wire.js";
import { jsonBody } from "../json-body.js";

/**
 * What the self-serve X API still lets an app do on a user's behalf (X API v2 OpenAPI:
 * repostPost, unrepostPost, muteUser, unmuteUser, createUsersBookmark, deleteUsersBookmark), the
 * user lookup by username, and the follower and following lists. Likes, follows and blocks are
 * not served: X removed them from self-serve access (likes and follows 2026-04-20, blocks
 * 2023-06-12), so a call to them is the unmatched-route 404 of a network that does not have them.
 * The request bodies allow no other property, as X's schemas say (`additionalProperties: false`).
 */

const ID = /^[0-9]{1,19}$/;
const PROBLEM = { "Content-Type": "application/problem+json" };

export interface SandboxFollow {
  sourceId: string;
  targetId: string;
  createdAt: string;
}

const notFound = (c: Context, kind: "tweet" | "user", id: string, parameter: string) =>
  c.json({
    errors: [
      {
        value: id,
        detail: `Could not find ${kind} with ${parameter}: [${id}].`,
        title: "Not Found Error",
        resource_type: kind,
        parameter,
        resource_id: id,
        type: "https://api.x.com/2/problems/resource-not-found",
      },
    ],
  });

/** Only the token's own user may act as itself; X answers another user's id with 403. */
function notSelf(c: Context, id: string, self: string): Response | null {
  if (!ID.test(id)) return invalidRequest(c, `The \`id\` query parameter value [${id}] does not match ^[0-9]{1,19}$`);
  return id === self ? null : c.json({ detail: "You are not permitted to act on behalf of this user.", type: "about:blank", title: "Forbidden", status: 403 }, 403, PROBLEM);
}

/** A JSON body with exactly the one id property the operation's schema has. */
async function idBody(c: Context, property: string): Promise<string | Response> {
  const body = await jsonBody(c);
  if (!body) return invalidRequest(c, "Request body is not valid JSON");
  const extra = Object.keys(body).find((key) => key !== property && !(property === "tweet_id" && key === "folder_id"));
  if (extra) return invalidRequest(c, `$.${extra}: is not defined in the schema and the schema does not allow additional properties`);
  const value = body[property];
  if (typeof value !== "string" || !ID.test(value)) return invalidRequest(c, `$.${property}: does not match the regex pattern ^[0-9]{1,19}$`);
  return value;
}

const livePost = async (deps: SimulatorDeps, id: string) => {
  const post = (await deps.store.get<SandboxPost>("twitter", "post", id))?.data;
  return post && !post.deleted ? post : null;
};
const account = async (deps: SimulatorDeps, id: string) => (await deps.store.get<SandboxAccount>("twitter", "account", id))?.data ?? null;

/** A simulated person follows the account (X's API reports it only in the follower list). */
export async function simulateTwitterFollow(deps: SimulatorDeps, sourceId: string, targetId: string): Promise<void> {
  await deps.store.put<SandboxFollow>("twitter", "follow", `${sourceId} ${targetId}`, { sourceId, targetId, createdAt: deps.now().toISOString() }, sourceId);
}

export function mountEngagementRoutes(app: Hono, deps: SimulatorDeps): void {
  /** A state an account turns on and off about a post (repost, bookmark), stored as `<user> <post>`. */
  const postState = (kind: "repost" | "bookmark", scopes: string[], field: "retweeted" | "bookmarked", base: string, param: string) => {
    app.post(`/2/users/:id/${base}`, async (c) => {
      const auth = await authenticate(c, deps, scopes);
      if (auth instanceof Response) return auth;
      const refused = notSelf(c, c.req.param("id"), auth.account.id);
      if (refused) return refused;
      const tweetId = await idBody(c, "tweet_id");
      if (tweetId instanceof Response) return tweetId;
      if (!(await livePost(deps, tweetId))) return notFound(c, "tweet", tweetId, "tweet_id");
      await deps.store.put("twitter", kind, `${auth.account.id} ${tweetId}`, { at: deps.now().toISOString() }, auth.account.id);
      return c.json({ data: { [field]: true, ...(kind === "repost" ? { rest_id: tweetId } : {}) } }, 200, rateHeaders(deps, 49));
    });
    app.delete(`/2/users/:id/${base}/:${param}`, async (c) => {
      const auth = await authenticate(c, deps, scopes);
      if (auth instanceof Response) return auth;
      const refused = notSelf(c, c.req.param("id"), auth.account.id);
      if (refused) return refused;
      const tweetId = c.req.param(param);
      if (!ID.test(tweetId)) return invalidRequest(c, `The \`${param}\` query parameter value [${tweetId}] does not match ^[0-9]{1,19}$`);
      // Undoing what was never done is not an error at X: the answer says the state is off.
      await deps.store.delete("twitter", kind, `${auth.account.id} ${tweetId}`);
      return c.json({ data: { [field]: false } }, 200, rateHeaders(deps, 49));
    });
  };
  postState("repost", ["users.read", "tweet.read", "tweet.write"], "retweeted", "retweets", "source_tweet_id");
  postState("bookmark", ["tweet.read", "users.read", "bookmark.write"], "bookmarked", "bookmarks", "tweet_id");

  app.post("/2/users/:id/muting", async (c) => {
    const auth = await authenticate(c, deps, ["users.read", "tweet.read", "mute.write"]);
    if (auth instanceof Response) return auth;
    const refused = notSelf(c, c.req.param("id"), auth.account.id);
    if (refused) return refused;
    const target = await idBody(c, "target_user_id");
    if (target instanceof Response) return target;
    if (!(await account(deps, target))) return notFound(c, "user", target, "target_user_id");
    await deps.store.put("twitter", "mute", `${auth.account.id} ${target}`, { at: deps.now().toISOString() }, auth.account.id);
    return c.json({ data: { muting: true } }, 200, rateHeaders(deps, 49));
  });

  app.delete("/2/users/:source_user_id/muting/:target_user_id", async (c) => {
    const auth = await authenticate(c, deps, ["users.read", "tweet.read", "mute.write"]);
    if (auth instanceof Response) return auth;
    const refused = notSelf(c, c.req.param("source_user_id"), auth.account.id);
    if (refused) return refused;
    await deps.store.delete("twitter", "mute", `${auth.account.id} ${c.req.param("target_user_id")}`);
    return c.json({ data: { muting: false } }, 200, rateHeaders(deps, 49));
  });

  for (const side of ["followers", "following"] as const) {
    app.get(`/2/users/:id/${side}`, async (c) => {
      const auth = await authenticate(c, deps, ["users.read", "tweet.read", "follows.read"]);
      if (auth instanceof Response) return auth;
      const id = c.req.param("id");
      if (!ID.test(id)) return invalidRequest(c, `The \`id\` query parameter value [${id}] does not match ^[0-9]{1,19}$`);
      const max = Number(c.req.query("max_results") ?? "100");
      if (!Number.isInteger(max) || max < 1 || max > 1000) return invalidRequest(c, `The \`max_results\` query parameter value [${c.req.query("max_results") ?? ""}] is not between 1 and 1000`);
      if (!(await account(deps, id))) return notFound(c, "user", id, "id");
      const edges = (await deps.store.list<SandboxFollow>("twitter", "follow"))
        .map((r) => r.data)
        .filter((f) => (side === "followers" ? f.targetId === id : f.sourceId === id))
        .sort((a, b) => (a.createdAt === b.createdAt ? 0 : a.createdAt < b.createdAt ? 1 : -1));
      // X's tokens are at least 16 characters (OpenAPI minLength); the sandbox pads the position.
      const token = c.req.query("pagination_token");
      const from = token ? Number.parseInt(token, 10) : 0;
      if (token !== undefined && (token.length < 16 || !Number.isInteger(from))) return invalidRequest(c, `The \`pagination_token\` query parameter value [${token}] is not valid`);
      const page = edges.slice(from, from + max);
      const listed = [];
      for (const edge of page) {
        const user = await account(deps, side === "followers" ? edge.sourceId : edge.targetId);
        if (user) listed.push(user);
      }
      const users = await userObjects(deps, listed, (c.req.query("user.fields") ?? "").split(","));
      const next = from + max < edges.length ? String(from + max).padStart(16, "0") : null;
      return c.json({ ...(users.length > 0 ? { data: users } : {}), meta: { result_count: users.length, ...(next ? { next_token: next } : {}) } }, 200, rateHeaders(deps, 14));
    });
  }
}
