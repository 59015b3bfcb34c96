import * as v from "valibot";
import { callNetwork, formBody } from "../http.js";
import { expiresAt, graphRequest, graphUrl, parseGraphBody, TokenResponseSchema } from "../meta/graph.js";
import type { AuthorizeInput, NetworkContext, TokenSet } from "../types.js";
import { threadsScopes, threadsUrls } from "./capabilities.js";
import { threadsErrorTable as table } from "./errors.js";

/**
 * Threads OAuth. The code buys a 1-hour token at `POST graph.threads.net/oauth/access_token`
 * (form body); `th_exchange_token` trades it for a 60-day token; `th_refresh_token` renews a
 * long-lived token that is at least 24 hours old and unexpired. There is no refresh token and no
 * documented revoke endpoint. No PKCE: Threads documents none, and the exchange is server-side.
 */
export function threadsAuthorizeUrl(input: AuthorizeInput, net: NetworkContext): string {
  const url = new URL(threadsUrls.authorize);
  for (const [key, value] of Object.entries({
    client_id: net.config.clientId,
    redirect_uri: net.config.redirectUri,
    scope: threadsScopes.join(","),
    response_type: "code",
    state: input.state,
  }))
    url.searchParams.set(key, value);
  return url.toString();
}

const CodeAnswerSchema = v.object({ access_token: v.string() });

export async function threadsExchange(net: NetworkContext, version: string, code: string): Promise<TokenSet> {
  const response = await callNetwork(net, table, graphUrl(threadsUrls.graph, null, "oauth/access_token"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: formBody({
      client_id: net.config.clientId,
      client_secret: net.config.clientSecret,
      code,
      grant_type: "authorization_code",
      redirect_uri: net.config.redirectUri,
    }),
  });
  const short = parseGraphBody(table, CodeAnswerSchema, response.body);
  const longUrl = graphUrl(threadsUrls.graph, null, "access_token", {
    grant_type: "th_exchange_token",
    client_secret: net.config.clientSecret,
    access_token: short.access_token,
  });
  const long = await graphRequest(net, table, longUrl, TokenResponseSchema);
  // The exchange's `user_id` can be a JSON number too large for a double (17 digits), so the id
  // is read as a string from `/me`.
  const meUrl = graphUrl(threadsUrls.graph, version, "me", { fields: "id", access_token: long.access_token });
  const me = await graphRequest(net, table, meUrl, v.object({ id: v.string() }));
  return {
    accessToken: long.access_token,
    refreshToken: null,
    expiresAt: expiresAt(net, long.expires_in),
    refreshExpiresAt: null,
    // The token answer does not list grants (debug_token needs a tester token), so the scopes
    // asked are recorded; a declined one surfaces as missing_scope when it is used.
    scopes: [...threadsScopes],
    extra: { userId: me.id },
  };
}

export async function threadsRefresh(net: NetworkContext, tokens: TokenSet): Promise<TokenSet> {
  const url = graphUrl(threadsUrls.graph, null, "refresh_access_token", { grant_type: "th_refresh_token", access_token: tokens.accessToken });
  const body = await graphRequest(net, table, url, TokenResponseSchema);
  return { ...tokens, accessToken: body.access_token, expiresAt: expiresAt(net, body.expires_in) };
}
