import * as v from "valibot";
import type { AccountReadsFacet } from "../facets/account-reads.js";
import type { NetworkActor, NetworkPageRequest } from "../facets/inbox.js";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { pinterestApiBaseUrl, pinterestPinUrl } from "./capabilities.js";
import { pinterestErrorTable } from "./errors.js";

/**
 * The user's Pins (`GET /v5/pins`, pins/list: pins:read and boards:read) and the people on both
 * sides of their follows (`GET /v5/user_account/followers`, followers/list, and
 * `/user_account/following`, user_following/get: user_accounts:read). Pinterest pages by an
 * opaque `bookmark`, up to 250 a page. A follow list names each person by username only
 * (`UserSummary`), so that is the actor's id and handle.
 */

const Pins = v.object({
  items: v.array(
    v.object({
      id: v.string(),
      created_at: v.optional(v.string()),
      title: v.optional(v.nullable(v.string())),
      description: v.optional(v.nullable(v.string())),
      parent_pin_id: v.optional(v.nullable(v.string())),
    }),
  ),
  bookmark: v.optional(v.nullable(v.string())),
});
const Users = v.object({ items: v.array(v.object({ username: v.optional(v.string()) })), bookmark: v.optional(v.nullable(v.string())) });

async function get(tokens: TokenSet, net: NetworkContext, path: string, page: NetworkPageRequest): Promise<unknown> {
  const url = new URL(`${pinterestApiBaseUrl}${path}`);
  url.searchParams.set("page_size", String(Math.min(250, Math.max(1, page.limit))));
  if (page.cursor) url.searchParams.set("bookmark", page.cursor);
  return (await callNetwork(net, pinterestErrorTable, url.toString(), { headers: { Authorization: `Bearer ${tokens.accessToken}` } })).body;
}

/** Pinterest's `2026-11-21T10:00:00` is UTC without the zone. */
const utc = (time: string) => new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(time) ? time : `${time}Z`).toISOString();

function users(path: string, what: string) {
  return async (tokens: TokenSet, page: NetworkPageRequest, net: NetworkContext) => {
    const body = parseNetworkBody("pinterest", Users, await get(tokens, net, path, page), what);
    const items = body.items.flatMap(({ username }): NetworkActor[] =>
      username ? [{ id: username, handle: username, displayName: null, avatarUrl: null, url: `https://www.pinterest.com/${encodeURIComponent(username)}/` }] : [],
    );
    return { items, cursor: body.bookmark ?? null };
  };
}

export const pinterestAccountReads: AccountReadsFacet = {
  async listPosts(tokens, page, net) {
    const body = parseNetworkBody("pinterest", Pins, await get(tokens, net, "/pins", page), "pins/list");
    const items = body.items.flatMap((pin) =>
      pin.created_at ? [{ id: pin.id, url: pinterestPinUrl(pin.id), text: pin.description || pin.title || null, createdAt: utc(pin.created_at), kind: pin.parent_pin_id ? "repin" : "pin" }] : [],
    );
    return { items, cursor: body.bookmark ?? null };
  },
  listFollowers: users("/user_account/followers", "followers/list"),
  listFollowing: users("/user_account/following", "user_following/get"),
};
