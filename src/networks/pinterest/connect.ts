import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { callNetwork, formBody, parseNetworkBody } from "../http.js";
import type { AuthorizeInput, ExchangeInput, NetworkContext, TokenSet } from "../types.js";
import { pinterestAuthorizeUrl, pinterestScopes, pinterestTokenUrl } from "./capabilities.js";
import { pinterestErrorTable } from "./errors.js";

const TokenResponse = v.object({
  access_token: v.string(),
  token_type: v.string(),
  expires_in: v.number(),
  scope: v.string(),
  refresh_token: v.optional(v.string()),
  refresh_token_expires_in: v.optional(v.number()),
  refresh_token_expires_at: v.optional(v.number()),
});

/** The token endpoint authenticates the app with HTTP Basic (spec security scheme `basic`). */
const tokenHeaders = (net: NetworkContext) => ({
  Authorization: `Basic ${btoa(`${net.config.clientId}:${net.config.clientSecret}`)}`,
  "Content-Type": "application/x-www-form-urlencoded",
});

export function pinterestAuthorizeUrlFor(input: AuthorizeInput, net: NetworkContext): string {
  const params = new URLSearchParams({
    client_id: net.config.clientId,
    redirect_uri: net.config.redirectUri,
    response_type: "code",
    scope: pinterestScopes.join(","),
    state: input.state,
  });
  return `${pinterestAuthorizeUrl}?${params.toString()}`;
}

function toTokenSet(raw: unknown, net: NetworkContext, previous: TokenSet | null): TokenSet {
  const body = parseNetworkBody("pinterest", TokenResponse, raw, "token");
  const now = net.now().getTime();
  const refreshExpiresAt =
    body.refresh_token_expires_at !== undefined
      ? new Date(body.refresh_token_expires_at * 1000).toISOString()
      : body.refresh_token_expires_in !== undefined
        ? new Date(now + body.refresh_token_expires_in * 1000).toISOString()
        : (previous?.refreshExpiresAt ?? null);
  return {
    accessToken: body.access_token,
    // Continuous refresh: every refresh returns a new 60-day refresh token that replaces the old.
    refreshToken: body.refresh_token ?? previous?.refreshToken ?? null,
    expiresAt: new Date(now + body.expires_in * 1000).toISOString(),
    refreshExpiresAt,
    scopes: body.scope.split(/[\s,]+/).filter(Boolean),
    extra: {},
  };
}

export async function pinterestExchangeCode(input: ExchangeInput, net: NetworkContext): Promise<TokenSet> {
  const response = await callNetwork(net, pinterestErrorTable, pinterestTokenUrl, {
    method: "POST",
    headers: tokenHeaders(net),
    body: formBody({ grant_type: "authorization_code", code: input.code, redirect_uri: net.config.redirectUri }),
  });
  return toTokenSet(response.body, net, null);
}

/**
 * Apps created before 2025-09-25 must add `continuous_refresh=true`; the field is not in the spec's
 * request schema and newer apps get continuous refresh tokens anyway, so it is not sent.
 */
export async function pinterestRefresh(tokens: TokenSet, net: NetworkContext): Promise<TokenSet> {
  if (!tokens.refreshToken) throw new ApiError("needs_reauth", { platform: "pinterest", message: "pinterest: the connection has no refresh token" });
  const response = await callNetwork(net, pinterestErrorTable, pinterestTokenUrl, {
    method: "POST",
    headers: tokenHeaders(net),
    body: formBody({ grant_type: "refresh_token", refresh_token: tokens.refreshToken }),
  });
  return toTokenSet(response.body, net, tokens);
}
