import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import { callNetwork, formBody } from "../http.js";
import { expiresAt, graphCollect, graphRequest, graphUrl, parseGraphBody, TokenResponseSchema } from "../meta/graph.js";
import { facebookDialogUrl, facebookLogin, refreshFacebookLogin } from "../meta/facebook-login.js";
import type { AuthorizeInput, NetworkContext, TokenSet } from "../types.js";
import { instagramDefaultApiVersion, instagramDefaultDoor, instagramDoors, instagramFacebookLoginScopes, instagramLoginScopes, instagramUrls, type InstagramDoor } from "./capabilities.js";
import { instagramErrorTable as table } from "./errors.js";

export const igVersion = (net: NetworkContext) => net.config.apiVersion ?? instagramDefaultApiVersion;

/** The connect-link variant names the door; an unknown one is the caller's mistake. */
export function doorOfVariant(variant: string | null): InstagramDoor {
  if (variant === null) return instagramDefaultDoor;
  if ((instagramDoors as readonly string[]).includes(variant)) return variant as InstagramDoor;
  throw new ApiError("field_invalid", { param: "variant", platform: "instagram", message: `Unknown Instagram variant "${variant}"; use facebook_login or instagram_login.` });
}

/** The door a connection was made through, recorded at connect. */
export function doorOf(tokens: TokenSet): InstagramDoor {
  return tokens.extra.door === "facebook_login" ? "facebook_login" : "instagram_login";
}

export function instagramAuthorizeUrl(input: AuthorizeInput, net: NetworkContext): string {
  if (doorOfVariant(input.variant) === "facebook_login") return facebookDialogUrl(input, net, igVersion(net), instagramFacebookLoginScopes);
  const url = new URL(instagramUrls.instagramAuthorize);
  // enable_fb_login=0 keeps the person on Instagram credentials; force_authentication=1 asks them to
  // log in even with a session, so the account connected is the one they mean.
  for (const [key, value] of Object.entries({
    enable_fb_login: "0",
    force_authentication: "1",
    client_id: net.config.clientId,
    redirect_uri: net.config.redirectUri,
    response_type: "code",
    scope: instagramLoginScopes.join(","),
    state: input.state,
  }))
    url.searchParams.set(key, value);
  return url.toString();
}

const LinkedPageSchema = v.object({
  id: v.string(),
  instagram_business_account: v.optional(v.object({ id: v.string(), username: v.optional(v.string()) })),
});

/**
 * Facebook-login door: Facebook Login, then the first managed Page with a linked Instagram
 * professional account. Its ids go in `extra` so later calls reach the right IG user node.
 */
async function connectThroughFacebook(net: NetworkContext, code: string): Promise<TokenSet> {
  const tokens = await facebookLogin(net, table, igVersion(net), code);
  const url = graphUrl(instagramUrls.facebookGraph, igVersion(net), "me/accounts", {
    fields: "id,instagram_business_account{id,username}",
    limit: "100",
    access_token: tokens.accessToken,
  });
  const pages = await graphCollect(net, table, url, LinkedPageSchema);
  const linked = pages.find((page) => page.instagram_business_account);
  if (!linked?.instagram_business_account) {
    throw new ApiError("no_channels", {
      platform: "instagram",
      message: "No Instagram professional account is linked to a Facebook Page this person manages.",
      fix: "Link the Instagram account to a Facebook Page in the Page settings, or connect with variant instagram_login.",
    });
  }
  return { ...tokens, extra: { door: "facebook_login", igUserId: linked.instagram_business_account.id, pageId: linked.id } };
}

const ShortTokenSchema = v.object({ access_token: v.string(), user_id: v.union([v.string(), v.number()]), permissions: v.optional(v.string()) });
/** The documented answer wraps the token in `data: [...]`; older answers are flat. */
const CodeAnswerSchema = v.union([v.object({ data: v.tuple([ShortTokenSchema]) }), ShortTokenSchema]);
const IgMeSchema = v.object({ user_id: v.union([v.string(), v.number()]), username: v.optional(v.string()) });

/**
 * Instagram-login door: form POST of the code to api.instagram.com (1-hour token), trade for a
 * 60-day token on graph.instagram.com, then `/me?fields=user_id` for the professional account id
 * (`user_id`; the `id` there is app-scoped).
 */
async function connectThroughInstagram(net: NetworkContext, code: string): Promise<TokenSet> {
  const response = await callNetwork(net, table, instagramUrls.instagramToken, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: formBody({
      client_id: net.config.clientId,
      client_secret: net.config.clientSecret,
      grant_type: "authorization_code",
      redirect_uri: net.config.redirectUri,
      // Instagram appends `#_` to the redirect; a code copied with it is refused.
      code: code.replace(/#_$/, ""),
    }),
  });
  const answer = parseGraphBody(table, CodeAnswerSchema, response.body);
  const short = "data" in answer ? answer.data[0] : answer;
  const longUrl = graphUrl(instagramUrls.instagramGraph, null, "access_token", {
    grant_type: "ig_exchange_token",
    client_secret: net.config.clientSecret,
    access_token: short.access_token,
  });
  const long = await graphRequest(net, table, longUrl, TokenResponseSchema);
  const meUrl = graphUrl(instagramUrls.instagramGraph, igVersion(net), "me", { fields: "user_id,username", access_token: long.access_token });
  const me = await graphRequest(net, table, meUrl, IgMeSchema);
  return {
    accessToken: long.access_token,
    refreshToken: null,
    expiresAt: expiresAt(net, long.expires_in),
    refreshExpiresAt: null,
    scopes: (short.permissions ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    extra: { door: "instagram_login", igUserId: String(me.user_id) },
  };
}

export async function instagramExchange(net: NetworkContext, code: string, variant: string | null): Promise<TokenSet> {
  return doorOfVariant(variant) === "facebook_login" ? connectThroughFacebook(net, code) : connectThroughInstagram(net, code);
}

/**
 * Neither door has a refresh token. Facebook-login tokens are re-exchanged; Instagram-login tokens
 * go through `refresh_access_token` (at least 24 h old and unexpired; a fresh 60 days). The old
 * token is not rotated out, so the returned set simply carries the new one.
 */
export async function instagramRefresh(net: NetworkContext, tokens: TokenSet): Promise<TokenSet> {
  if (doorOf(tokens) === "facebook_login") return refreshFacebookLogin(net, table, igVersion(net), tokens);
  const url = graphUrl(instagramUrls.instagramGraph, null, "refresh_access_token", { grant_type: "ig_refresh_token", access_token: tokens.accessToken });
  const body = await graphRequest(net, table, url, TokenResponseSchema);
  return { ...tokens, accessToken: body.access_token, expiresAt: expiresAt(net, body.expires_in) };
}
