import * as v from "valibot";
import type { ErrorTable } from "../http.js";
import type { AuthorizeInput, NetworkContext, TokenSet } from "../types.js";
import { facebookUrls } from "./facebook-graph.js";
import { expiresAt, graphCollect, graphRequest, graphUrl, SuccessSchema, TokenResponseSchema } from "./graph.js";

/**
 * Facebook Login, shared by the Facebook Pages adapter and Instagram's Facebook-login door (the
 * error table passed in decides which platform a failure is reported for).
 *
 * Facebook issues no refresh token. The code buys a short-lived user token (hours); we trade it
 * at once for a long-lived one (about 60 days) with `fb_exchange_token`, and "refresh" repeats
 * that exchange while the token is still valid. An expired token cannot be exchanged: the person
 * must log in again (code 190 -> needs_reauth). PKCE is left out: Meta documents it only for an
 * OIDC flow it still calls "in testing", and our code exchange runs server-side with the secret.
 */

export function facebookDialogUrl(input: AuthorizeInput, net: NetworkContext, version: string, scopes: readonly string[]): string {
  return graphUrl(facebookUrls.dialog, version, "dialog/oauth", {
    client_id: net.config.clientId,
    redirect_uri: net.config.redirectUri,
    state: input.state,
    response_type: "code",
    scope: scopes.join(","),
  });
}

const PermissionSchema = v.object({ permission: v.string(), status: v.string() });

/** Permissions the person actually granted (they can untick some in the dialog). */
export async function grantedPermissions(net: NetworkContext, table: ErrorTable, version: string, accessToken: string): Promise<string[]> {
  const url = graphUrl(facebookUrls.graph, version, "me/permissions", { access_token: accessToken, limit: "100" });
  const rows = await graphCollect(net, table, url, PermissionSchema);
  return rows.filter((p) => p.status === "granted").map((p) => p.permission);
}

/** `GET /oauth/access_token?grant_type=fb_exchange_token`: a long-lived user token for a valid one. */
export async function extendFacebookToken(net: NetworkContext, table: ErrorTable, version: string, accessToken: string) {
  const url = graphUrl(facebookUrls.graph, version, "oauth/access_token", {
    grant_type: "fb_exchange_token",
    client_id: net.config.clientId,
    client_secret: net.config.clientSecret,
    fb_exchange_token: accessToken,
  });
  const body = await graphRequest(net, table, url, TokenResponseSchema);
  return { accessToken: body.access_token, expiresAt: expiresAt(net, body.expires_in) };
}

/** Code -> short-lived token -> long-lived token, plus the permissions granted. */
export async function facebookLogin(net: NetworkContext, table: ErrorTable, version: string, code: string): Promise<TokenSet> {
  const url = graphUrl(facebookUrls.graph, version, "oauth/access_token", {
    client_id: net.config.clientId,
    redirect_uri: net.config.redirectUri,
    client_secret: net.config.clientSecret,
    code,
  });
  const short = await graphRequest(net, table, url, TokenResponseSchema);
  const long = await extendFacebookToken(net, table, version, short.access_token);
  const scopes = await grantedPermissions(net, table, version, long.accessToken);
  return { accessToken: long.accessToken, refreshToken: null, expiresAt: long.expiresAt, refreshExpiresAt: null, scopes, extra: {} };
}

/** Re-exchanges the current long-lived token for a fresh 60-day one (no refresh token exists). */
export async function refreshFacebookLogin(net: NetworkContext, table: ErrorTable, version: string, tokens: TokenSet): Promise<TokenSet> {
  const long = await extendFacebookToken(net, table, version, tokens.accessToken);
  return { ...tokens, accessToken: long.accessToken, expiresAt: long.expiresAt };
}

/** `DELETE /me/permissions` de-authorises the app for the person, killing its user and page tokens. */
export async function revokeFacebookLogin(net: NetworkContext, table: ErrorTable, version: string, tokens: TokenSet): Promise<void> {
  const url = graphUrl(facebookUrls.graph, version, "me/permissions", { access_token: tokens.accessToken });
  await graphRequest(net, table, url, SuccessSchema, { method: "DELETE" });
}
