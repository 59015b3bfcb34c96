import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { formBody, parseNetworkBody } from "../http.js";
import type { AuthorizeInput, ExchangeInput, NetworkContext, TokenSet } from "../types.js";
import { callTiktok } from "./call.js";
import { tiktokAuthorizeUrl, tiktokRevokeUrl, tiktokScopes, tiktokTokenUrl } from "./capabilities.js";

const TokenResponse = v.object({
  open_id: v.string(),
  scope: v.string(),
  access_token: v.string(),
  expires_in: v.number(),
  refresh_token: v.string(),
  refresh_expires_in: v.number(),
  token_type: v.optional(v.string()),
});

const formHeaders = { "Content-Type": "application/x-www-form-urlencoded" };

/**
 * Login Kit for Web: the app id travels as `client_key` and scopes are comma-separated. No PKCE:
 * TikTok requires it only for desktop and mobile apps, and Chorus is a web server app that
 * authenticates with its client secret.
 */
export function tiktokAuthorizeUrlFor(input: AuthorizeInput, net: NetworkContext): string {
  const params = new URLSearchParams({
    client_key: net.config.clientId,
    response_type: "code",
    scope: tiktokScopes.join(","),
    redirect_uri: net.config.redirectUri,
    state: input.state,
  });
  return `${tiktokAuthorizeUrl}?${params.toString()}`;
}

function toTokenSet(raw: unknown, net: NetworkContext): TokenSet {
  const body = parseNetworkBody("tiktok", TokenResponse, raw, "token");
  const now = net.now().getTime();
  return {
    accessToken: body.access_token,
    // TikTok rotates refresh tokens: the old one stops working, so the returned one replaces it.
    refreshToken: body.refresh_token,
    // Lifetimes changed in 2026 (24 h / 365 d before, 2 h / 180 d after); always use the answer's.
    expiresAt: new Date(now + body.expires_in * 1000).toISOString(),
    refreshExpiresAt: new Date(now + body.refresh_expires_in * 1000).toISOString(),
    scopes: body.scope
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    extra: { openId: body.open_id },
  };
}

export async function tiktokExchangeCode(input: ExchangeInput, net: NetworkContext): Promise<TokenSet> {
  const response = await callTiktok(net, tiktokTokenUrl, {
    method: "POST",
    headers: formHeaders,
    body: formBody({
      client_key: net.config.clientId,
      client_secret: net.config.clientSecret,
      code: input.code,
      grant_type: "authorization_code",
      redirect_uri: net.config.redirectUri,
    }),
  });
  return toTokenSet(response.body, net);
}

export async function tiktokRefresh(tokens: TokenSet, net: NetworkContext): Promise<TokenSet> {
  if (!tokens.refreshToken) throw new ApiError("needs_reauth", { platform: "tiktok", message: "tiktok: the connection has no refresh token" });
  const response = await callTiktok(net, tiktokTokenUrl, {
    method: "POST",
    headers: formHeaders,
    body: formBody({
      client_key: net.config.clientId,
      client_secret: net.config.clientSecret,
      grant_type: "refresh_token",
      refresh_token: tokens.refreshToken,
    }),
  });
  return toTokenSet(response.body, net);
}

/** Revoking the access token withdraws the app's authorisation for the person. */
export async function tiktokRevoke(tokens: TokenSet, net: NetworkContext): Promise<void> {
  await callTiktok(net, tiktokRevokeUrl, {
    method: "POST",
    headers: formHeaders,
    body: formBody({ client_key: net.config.clientId, client_secret: net.config.clientSecret, token: tokens.accessToken }),
  });
}
