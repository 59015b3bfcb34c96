import type { AuthorizeInput, ExchangeInput, NetworkContext, TokenSet } from "../types.js";
import { googleAuthorizeUrl, googleExchangeCode, googleRefresh, googleRevoke } from "../google/oauth.js";
import { googleBusinessConnectScopes, googleBusinessUrls } from "./capabilities.js";
import { googleBusinessErrorTable } from "./errors.js";

/**
 * Business Profile uses Google's OAuth server like YouTube does (the shared code lives next to
 * the youtube adapter): PKCE S256, offline access for a refresh token, no rotation.
 */
export function googleBusinessAuthorizeUrl(input: AuthorizeInput, net: NetworkContext): string {
  return googleAuthorizeUrl(googleBusinessUrls, googleBusinessConnectScopes, input, net);
}

export function googleBusinessExchangeCode(input: ExchangeInput, net: NetworkContext): Promise<TokenSet> {
  return googleExchangeCode(googleBusinessUrls, googleBusinessErrorTable, input, net);
}

export function googleBusinessRefresh(tokens: TokenSet, net: NetworkContext): Promise<TokenSet> {
  return googleRefresh(googleBusinessUrls, googleBusinessErrorTable, tokens, net);
}

export function googleBusinessRevoke(tokens: TokenSet, net: NetworkContext): Promise<void> {
  return googleRevoke(googleBusinessUrls, googleBusinessErrorTable, tokens, net);
}
