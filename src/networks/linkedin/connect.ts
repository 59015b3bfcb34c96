import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { callNetwork, formBody } from "../http.js";
import type { AuthorizeInput, ExchangeInput, NetworkContext, TokenSet } from "../types.js";
import { isLinkedinProduct, linkedinDefaultProducts, type LinkedinProduct, linkedinProductScopes, linkedinProducts, linkedinUrls } from "./capabilities.js";
import { linkedinErrorTable } from "./errors.js";

/**
 * LinkedIn 3-legged OAuth for a confidential web client: client secret in the form body, no PKCE
 * (LinkedIn enables PKCE only for native apps on request), refresh tokens only for apps LinkedIn
 * approved for programmatic refresh.
 */
const TokenResponse = v.object({
  access_token: v.string(),
  expires_in: v.number(),
  refresh_token: v.optional(v.string()),
  refresh_token_expires_in: v.optional(v.number()),
  scope: v.optional(v.string()),
});

const formHeaders = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };

/** The variants (one per product) an app with these products can open, most capable first. */
export function linkedinConnectVariants(products: readonly string[] | undefined): LinkedinProduct[] {
  const has = products === undefined ? linkedinDefaultProducts : products.filter(isLinkedinProduct);
  // Community Management also posts as the member, so it is the better default when the app has it.
  return [...linkedinProducts].reverse().filter((product) => has.includes(product));
}

/** The scopes of one product: the variant asked for, else the best one the app has. */
export function linkedinScopesFor(variant: string | null, net: NetworkContext): readonly string[] {
  const available = linkedinConnectVariants(net.config.products);
  const product = variant === null ? available[0] : available.find((p) => p === variant);
  if (product === undefined) {
    throw new ApiError("field_invalid", {
      param: "variant",
      platform: "linkedin",
      message: `This server's LinkedIn app does not have the ${variant ?? "needed"} product, so LinkedIn would refuse the consent.`,
      fix: "Connect with one of the variants the app has, or, once LinkedIn has approved the product for the app, list it in CHORUS_LINKEDIN_PRODUCTS.",
    });
  }
  return linkedinProductScopes[product];
}

export function linkedinAuthorizeUrl(input: AuthorizeInput, net: NetworkContext): string {
  const url = new URL(linkedinUrls.authorize);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", net.config.clientId);
  url.searchParams.set("redirect_uri", net.config.redirectUri);
  url.searchParams.set("state", input.state);
  // The member accepts all scopes or none, and a scope of a product the app lacks fails the
  // whole screen: ask for exactly one product's scopes.
  url.searchParams.set("scope", linkedinScopesFor(input.variant, net).join(" "));
  return url.toString();
}

export async function linkedinExchangeCode(input: ExchangeInput, net: NetworkContext): Promise<TokenSet> {
  const response = await callNetwork(net, linkedinErrorTable, linkedinUrls.token, {
    method: "POST",
    headers: formHeaders,
    body: formBody({
      grant_type: "authorization_code",
      code: input.code,
      redirect_uri: net.config.redirectUri,
      client_id: net.config.clientId,
      client_secret: net.config.clientSecret,
    }),
  });
  return toTokenSet(response.body, null, [], net);
}

/**
 * Refreshing mints a new 60-day access token; the refresh token keeps its original 365-day
 * deadline (LinkedIn echoes the same token with the remaining lifetime), so nothing rotates.
 */
export async function linkedinRefresh(tokens: TokenSet, net: NetworkContext): Promise<TokenSet> {
  if (!tokens.refreshToken) {
    throw new ApiError("needs_reauth", {
      platform: "linkedin",
      message: "linkedin: this app has no refresh tokens (LinkedIn grants them to approved partner apps only); the member must reconnect before the 60-day token expires.",
    });
  }
  const response = await callNetwork(net, linkedinErrorTable, linkedinUrls.token, {
    method: "POST",
    headers: formHeaders,
    body: formBody({
      grant_type: "refresh_token",
      refresh_token: tokens.refreshToken,
      client_id: net.config.clientId,
      client_secret: net.config.clientSecret,
    }),
  });
  const fresh = toTokenSet(response.body, tokens.refreshToken, tokens.scopes, net);
  return { ...fresh, refreshExpiresAt: fresh.refreshExpiresAt ?? tokens.refreshExpiresAt, extra: { ...tokens.extra } };
}

export async function linkedinRevoke(tokens: TokenSet, net: NetworkContext): Promise<void> {
  await callNetwork(net, linkedinErrorTable, linkedinUrls.revoke, {
    method: "POST",
    headers: formHeaders,
    body: formBody({ token: tokens.accessToken, client_id: net.config.clientId, client_secret: net.config.clientSecret }),
  });
}

function toTokenSet(body: unknown, previousRefresh: string | null, previousScopes: string[], net: NetworkContext): TokenSet {
  const parsed = v.safeParse(TokenResponse, body);
  if (!parsed.success) throw new ApiError("platform_unavailable", { platform: "linkedin", message: "linkedin: the token endpoint sent an unexpected answer." });
  const token = parsed.output;
  const at = (seconds: number | undefined) => (seconds === undefined ? null : new Date(net.now().getTime() + seconds * 1000).toISOString());
  return {
    accessToken: token.access_token,
    refreshToken: token.refresh_token ?? previousRefresh,
    expiresAt: at(token.expires_in),
    refreshExpiresAt: at(token.refresh_token_expires_in),
    // LinkedIn lists granted scopes comma-separated.
    scopes: token.scope ? token.scope.split(/[\s,]+/).filter(Boolean) : previousScopes,
    extra: {},
  };
}
