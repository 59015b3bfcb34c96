import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { callNetwork, formBody, parseNetworkBody } from "../http.js";
import type { AuthorizeInput, ExchangeInput, NetworkContext, TokenSet } from "../types.js";
import { twitterAuthorizeUrl, twitterRateLimitHeaders, twitterRevokeUrl, twitterScopes, twitterTokenUrl } from "./capabilities.js";
import { twitterErrorTable } from "./errors.js";

const TokenResponse = v.object({
  token_type: v.string(),
  access_token: v.string(),
  expires_in: v.optional(v.number()),
  scope: v.optional(v.string()),
  refresh_token: v.optional(v.string()),
});

/**
 * Chorus's X app is a confidential client (Web App), so the token and revoke endpoints take
 * HTTP Basic `client_id:client_secret`; `client_id` also goes in the body as X's examples send it.
 */
function basicAuth(net: NetworkContext): string {
  return `Basic ${btoa(`${net.config.clientId}:${net.config.clientSecret}`)}`;
}

const formHeaders = (net: NetworkContext) => ({ Authorization: basicAuth(net), "Content-Type": "application/x-www-form-urlencoded" });

export function twitterAuthorizeUrlFor(input: AuthorizeInput, net: NetworkContext): string {
  // Built by hand so spaces in `scope` travel as %20, the encoding X's own examples use.
  const params: [string, string][] = [
    ["response_type", "code"],
    ["client_id", net.config.clientId],
    ["redirect_uri", net.config.redirectUri],
    ["scope", twitterScopes.join(" ")],
    ["state", input.state],
    ["code_challenge", input.codeChallenge],
    ["code_challenge_method", "S256"],
  ];
  return `${twitterAuthorizeUrl}?${params.map(([k, val]) => `${k}=${encodeURIComponent(val)}`).join("&")}`;
}

function toTokenSet(raw: unknown, net: NetworkContext, previous: TokenSet | null): TokenSet {
  const body = parseNetworkBody("twitter", TokenResponse, raw, "token");
  const now = net.now().getTime();
  return {
    accessToken: body.access_token,
    // X rotates refresh tokens: the old one stops working once a new one is issued, so the new
    // one must replace it. Keeping the previous one is only a fallback if X ever omits it.
    refreshToken: body.refresh_token ?? previous?.refreshToken ?? null,
    expiresAt: body.expires_in !== undefined ? new Date(now + body.expires_in * 1000).toISOString() : null,
    refreshExpiresAt: null,
    scopes: (body.scope ?? "").split(" ").filter(Boolean),
    extra: {},
  };
}

export async function twitterExchangeCode(input: ExchangeInput, net: NetworkContext): Promise<TokenSet> {
  const response = await callNetwork(
    net,
    twitterErrorTable,
    twitterTokenUrl,
    {
      method: "POST",
      headers: formHeaders(net),
      body: formBody({
        grant_type: "authorization_code",
        code: input.code,
        redirect_uri: net.config.redirectUri,
        code_verifier: input.codeVerifier,
        client_id: net.config.clientId,
      }),
    },
    { resetHeader: twitterRateLimitHeaders.reset },
  );
  return toTokenSet(response.body, net, null);
}

export async function twitterRefresh(tokens: TokenSet, net: NetworkContext): Promise<TokenSet> {
  if (!tokens.refreshToken) {
    throw new ApiError("needs_reauth", { platform: "twitter", message: "twitter: the connection has no refresh token (offline.access was not granted)" });
  }
  const response = await callNetwork(
    net,
    twitterErrorTable,
    twitterTokenUrl,
    {
      method: "POST",
      headers: formHeaders(net),
      body: formBody({ grant_type: "refresh_token", refresh_token: tokens.refreshToken, client_id: net.config.clientId }),
    },
    { resetHeader: twitterRateLimitHeaders.reset },
  );
  return toTokenSet(response.body, net, tokens);
}

/** Revokes the refresh token too, or the app could mint new access tokens after a disconnect. */
export async function twitterRevoke(tokens: TokenSet, net: NetworkContext): Promise<void> {
  const revoke = (token: string, hint: string) =>
    callNetwork(net, twitterErrorTable, twitterRevokeUrl, {
      method: "POST",
      headers: formHeaders(net),
      body: formBody({ token, token_type_hint: hint, client_id: net.config.clientId }),
    });
  await revoke(tokens.accessToken, "access_token");
  if (tokens.refreshToken) await revoke(tokens.refreshToken, "refresh_token");
}
