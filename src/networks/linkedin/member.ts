import * as v from "valibot";
import { callNetwork, parseNetworkBody } from "../http.js";
import type { NetworkContext, NetworkIdentity, TokenSet } from "../types.js";
import { linkedinScopes, linkedinUrls } from "./capabilities.js";
import type { ErrorTable } from "../http.js";

const UserInfo = v.object({
  sub: v.string(),
  name: v.optional(v.string()),
  email: v.optional(v.string()),
  picture: v.optional(v.string()),
});

const BasicProfile = v.looseObject({
  id: v.string(),
  localizedFirstName: v.optional(v.string()),
  localizedLastName: v.optional(v.string()),
  vanityName: v.optional(v.string()),
});

/**
 * Who the token belongs to. A Sign In (OpenID) connection asks userinfo, whose `sub` is the id of
 * `urn:li:person:{sub}`; a Community Management connection has no `openid` scope and asks
 * GET /v2/me under `r_basicprofile` instead (same id, plus the vanity name of the public profile).
 * Tokens whose scopes LinkedIn did not list are treated as OpenID ones, as connections made
 * before the variants were.
 */
export async function linkedinMember(tokens: TokenSet, net: NetworkContext, table: ErrorTable): Promise<NetworkIdentity> {
  const headers = { authorization: `Bearer ${tokens.accessToken}`, accept: "application/json" };
  const openid = tokens.scopes.length === 0 || tokens.scopes.includes(linkedinScopes.openid);
  if (!openid && tokens.scopes.includes(linkedinScopes.basicProfile)) {
    const response = await callNetwork(net, table, linkedinUrls.me, { headers });
    const me = parseNetworkBody("linkedin", BasicProfile, response.body, "/v2/me");
    const name = [me.localizedFirstName, me.localizedLastName].filter(Boolean).join(" ");
    return { networkUserId: me.id, handle: me.vanityName ?? me.id, displayName: name || null, avatarUrl: null };
  }
  const response = await callNetwork(net, table, linkedinUrls.userinfo, { headers });
  const user = parseNetworkBody("linkedin", UserInfo, response.body, "userinfo");
  return { networkUserId: user.sub, handle: user.email ?? user.sub, displayName: user.name ?? null, avatarUrl: user.picture ?? null };
}
