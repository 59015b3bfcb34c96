import type { AuthorizeInput, ExchangeInput, NetworkContext, TokenSet } from "../types.js";
import { youtubeConnectScopes, youtubeUrls } from "./capabilities.js";
import { youtubeErrorTable } from "./errors.js";
import { googleAuthorizeUrl, googleExchangeCode, googleRefresh, googleRevoke } from "../google/oauth.js";

/** Google OAuth with PKCE S256, offline access and forced consent (see google/oauth.ts). */
export function youtubeAuthorizeUrl(input: AuthorizeInput, net: NetworkContext): string {
  return googleAuthorizeUrl(youtubeUrls, youtubeConnectScopes, input, net);
}

export function youtubeExchangeCode(input: ExchangeInput, net: NetworkContext): Promise<TokenSet> {
  return googleExchangeCode(youtubeUrls, youtubeErrorTable, input, net);
}

export function youtubeRefresh(tokens: TokenSet, net: NetworkContext): Promise<TokenSet> {
  return googleRefresh(youtubeUrls, youtubeErrorTable, tokens, net);
}

export function youtubeRevoke(tokens: TokenSet, net: NetworkContext): Promise<void> {
  return googleRevoke(youtubeUrls, youtubeErrorTable, tokens, net);
}
