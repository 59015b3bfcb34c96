import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { type ErrorTable, callNetwork, formBody } from "../http.js";
import type { AuthorizeInput, ExchangeInput, NetworkContext, TokenSet } from "../types.js";

/**
 * Google OAuth 2.0 for web server apps (https://developers.google.com/identity/protocols/oauth2/web-server),
 * shared by the youtube and googlebusiness adapters: same authorize page, same token endpoint,
 * same revoke endpoint; each network passes its own scopes, URLs and error table.
 */
export interface GoogleOAuthUrls {
  authorize: string;
  token: string;
  revoke: string;
}

const TokenResponse = v.object({
  access_token: v.string(),
  expires_in: v.optional(v.number()),
  refresh_token: v.optional(v.string()),
  scope: v.optional(v.string()),
  token_type: v.optional(v.string()),
});

export function googleAuthorizeUrl(urls: GoogleOAuthUrls, scopes: readonly string[], input: AuthorizeInput, net: NetworkContext): string {
  const url = new URL(urls.authorize);
  url.searchParams.set("client_id", net.config.clientId);
  url.searchParams.set("redirect_uri", net.config.redirectUri);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", scopes.join(" "));
  url.searchParams.set("state", input.state);
  // offline: without it Google issues no refresh token. consent: a reconnect gets a fresh refresh
  // token even when the person approved the app before (Google only sends one on first consent).
  url.searchParams.set("access_type", "offline");
  url.searchParams.set("prompt", "consent");
  url.searchParams.set("code_challenge", input.codeChallenge);
  url.searchParams.set("code_challenge_method", "S256");
  // include_granted_scopes is left out on purpose: one Google client may serve both YouTube and
  // Business Profile, and each Chorus connection should carry only its own network's grant.
  return url.toString();
}

export async function googleExchangeCode(urls: GoogleOAuthUrls, table: ErrorTable, input: ExchangeInput, net: NetworkContext): Promise<TokenSet> {
  const response = await callNetwork(net, table, urls.token, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: formBody({
      grant_type: "authorization_code",
      code: input.code,
      redirect_uri: net.config.redirectUri,
      client_id: net.config.clientId,
      client_secret: net.config.clientSecret,
      code_verifier: input.codeVerifier,
    }),
  });
  return toTokenSet(table, response.body, null, [], net);
}

/** Google does not rotate refresh tokens: the answer has no `refresh_token`, so the old one is kept. */
export async function googleRefresh(urls: GoogleOAuthUrls, table: ErrorTable, tokens: TokenSet, net: NetworkContext): Promise<TokenSet> {
  if (!tokens.refreshToken) {
    throw new ApiError("needs_reauth", { platform: table.platform, message: `${table.platform}: the connection has no refresh token; reconnect the account.` });
  }
  const response = await callNetwork(net, table, urls.token, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: formBody({
      grant_type: "refresh_token",
      refresh_token: tokens.refreshToken,
      client_id: net.config.clientId,
      client_secret: net.config.clientSecret,
    }),
  });
  const fresh = toTokenSet(table, response.body, tokens.refreshToken, tokens.scopes, net);
  return { ...fresh, refreshExpiresAt: tokens.refreshExpiresAt, extra: { ...tokens.extra, ...fresh.extra } };
}

/** Revoking the refresh token ends the whole grant, including access tokens minted from it. */
export async function googleRevoke(urls: GoogleOAuthUrls, table: ErrorTable, tokens: TokenSet, net: NetworkContext): Promise<void> {
  await callNetwork(net, table, urls.revoke, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: formBody({ token: tokens.refreshToken ?? tokens.accessToken }),
  });
}

function toTokenSet(table: ErrorTable, body: unknown, previousRefresh: string | null, previousScopes: string[], net: NetworkContext): TokenSet {
  const parsed = v.safeParse(TokenResponse, body);
  if (!parsed.success) {
    throw new ApiError("platform_unavailable", { platform: table.platform, message: `${table.platform}: the token endpoint sent an unexpected answer.` });
  }
  const token = parsed.output;
  const expiresAt = token.expires_in === undefined ? null : new Date(net.now().getTime() + token.expires_in * 1000).toISOString();
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token ?? previousRefresh,
    expiresAt,
    // Google refresh tokens have no fixed expiry (they die on revoke, disuse or policy).
    refreshExpiresAt: null,
    scopes: token.scope ? token.scope.split(" ").filter(Boolean) : previousScopes,
    extra: {},
  };
}
