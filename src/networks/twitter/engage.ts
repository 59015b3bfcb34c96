import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { Actor, EngageFacet, UserRef } from "../facets/engage.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext } from "../types.js";
import { twitterApiBaseUrl, twitterApiVersion, twitterPostUrl, twitterRateLimitHeaders } from "./capabilities.js";
import { twitterErrorTable } from "./errors.js";

/**
 * What X's self-serve API still lets an app do for a user: repost, mute and bookmark, and undo
 * them. Likes and follows were removed from every self-serve tier on 2026-04-20 (Enterprise only)
 * and the manage-blocks endpoints on 2023-06-12 (X developer changelog, in the X sheet), so the
 * facet leaves them out and says why. X's writes are idempotent: a second repost answers
 * `retweeted: true` again, an undo of nothing answers `false`.
 */

const ID = /^[0-9]{1,19}$/;
const USERNAME = /^[A-Za-z0-9_]{1,15}$/;
const HOSTS = new Set(["x.com", "www.x.com", "twitter.com", "www.twitter.com", "mobile.twitter.com", "mobile.x.com"]);

/** X answers a lookup of something that does not exist with 200 and a resource-not-found problem instead of data. */
const Answer = v.looseObject({
  data: v.optional(v.looseObject({})),
  errors: v.optional(v.array(v.looseObject({ type: v.optional(v.string()), detail: v.optional(v.string()) }))),
});
const UserAnswer = v.looseObject({ data: v.looseObject({ id: v.string(), username: v.string() }) });

const base = `${twitterApiBaseUrl}/${twitterApiVersion}`;
const postUrl = twitterPostUrl;

async function call(actor: Actor, net: NetworkContext, method: "POST" | "DELETE" | "GET", path: string, json?: Record<string, string>) {
  const response = await callNetwork(
    net,
    twitterErrorTable,
    `${base}${path}`,
    {
      method,
      headers: { Authorization: `Bearer ${actor.tokens.accessToken}`, ...(json ? { "Content-Type": "application/json" } : {}) },
      ...(json ? { body: JSON.stringify(json) } : {}),
    },
    { resetHeader: twitterRateLimitHeaders.reset },
  );
  const body = parseNetworkBody("twitter", Answer, response.body, path);
  if (!body.data) {
    const missing = body.errors?.find((e) => e.type?.endsWith("/resource-not-found"));
    throw missing
      ? new ApiError("engagement_target_not_found", { param: "target", platform: "twitter", message: `X: ${missing.detail ?? "not found"}` })
      : new ApiError("platform_unavailable", { platform: "twitter", message: `twitter: unexpected ${path} answer` });
  }
  return response.body;
}

const self = (actor: Actor) => encodeURIComponent(actor.networkUserId);

async function userId(actor: Actor, user: UserRef, net: NetworkContext): Promise<{ id: string; url: string }> {
  if (user.id) return { id: user.id, url: `https://x.com/i/user/${user.id}` };
  const body = await call(actor, net, "GET", `/users/by/username/${encodeURIComponent(user.handle ?? "")}`);
  const { data } = parseNetworkBody("twitter", UserAnswer, body, "users/by/username");
  return { id: data.id, url: `https://x.com/${data.username}` };
}

export const twitterEngage: EngageFacet = {
  parsePost(target) {
    const text = target.trim();
    if (ID.test(text)) return text;
    if (!URL.canParse(text)) return null;
    const url = new URL(text);
    const match = /^\/(?:[A-Za-z0-9_]{1,15}|i\/web|i)\/status\/([0-9]{1,19})\/?$/.exec(url.pathname);
    return url.protocol === "https:" && HOSTS.has(url.hostname) && match?.[1] ? match[1] : null;
  },

  parseUser(target) {
    const text = target.trim();
    if (ID.test(text)) return { id: text, handle: null };
    if (/^https?:\/\//i.test(text)) {
      const url = URL.canParse(text) ? new URL(text) : null;
      const name = url && HOSTS.has(url.hostname) ? /^\/([A-Za-z0-9_]{1,15})\/?$/.exec(url.pathname)?.[1] : undefined;
      return name ? { id: null, handle: name } : null;
    }
    const handle = text.replace(/^@/, "");
    return USERNAME.test(handle) ? { id: null, handle } : null;
  },

  targetForms: {
    post: "an X post id (1234567890123456789) or a post URL (https://x.com/<user>/status/<id>)",
    user: "an X username (with or without @), a profile URL (https://x.com/<user>) or a numeric user id",
  },

  refusals: {
    like: "X removed likes from self-serve API access on 2026-04-20 (Enterprise only)",
    unlike: "X removed likes from self-serve API access on 2026-04-20 (Enterprise only)",
    follow: "X removed follows from self-serve API access on 2026-04-20 (Enterprise only)",
    unfollow: "X removed follows from self-serve API access on 2026-04-20 (Enterprise only)",
    block: "X removed its block endpoints on 2023-06-12",
    unblock: "X removed its block endpoints on 2023-06-12",
  },

  async setRepost(actor, networkPostId, on, net) {
    if (on) await call(actor, net, "POST", `/users/${self(actor)}/retweets`, { tweet_id: networkPostId });
    else await call(actor, net, "DELETE", `/users/${self(actor)}/retweets/${encodeURIComponent(networkPostId)}`);
    return { networkId: networkPostId, url: postUrl(networkPostId) };
  },

  async setBookmark(actor, networkPostId, on, net) {
    if (on) await call(actor, net, "POST", `/users/${self(actor)}/bookmarks`, { tweet_id: networkPostId });
    else await call(actor, net, "DELETE", `/users/${self(actor)}/bookmarks/${encodeURIComponent(networkPostId)}`);
    return { networkId: networkPostId, url: postUrl(networkPostId) };
  },

  async setMute(actor, user, on, net) {
    const target = await userId(actor, user, net);
    if (on) await call(actor, net, "POST", `/users/${self(actor)}/muting`, { target_user_id: target.id });
    else await call(actor, net, "DELETE", `/users/${self(actor)}/muting/${encodeURIComponent(target.id)}`);
    return { networkId: target.id, url: target.url };
  },
};
