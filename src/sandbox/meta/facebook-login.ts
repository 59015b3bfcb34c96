import { Hono, type MiddlewareHandler } from "hono";
import type { PlatformId } from "../../types/platform-ids.js";
import { mountConsentPage, redeemAuthCode } from "../oauth-consent.js";
import { applyLatencyFaults, checkToken, issueTokens, revokeToken, type SandboxToken } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { accessTokenOf, authenticate, exchangeTokenRefused, graphDown, graphError, graphJson, pageOf, unmatched, type GraphProfile } from "./graph-wire.js";
import type { TokenMeta } from "./token-meta.js";
import { readCallToken, requestForm } from "./graph-request-memo.js";

/**
 * Facebook Login as both the Facebook and the Instagram simulators serve it. www.facebook.com
 * and graph.facebook.com are shared hosts, so each simulator claims only what is its own:
 * - the login dialog by the scopes asked (any `instagram_*` scope means Instagram's
 *   Facebook-login door; none means Facebook Pages), since both doors use one dialog;
 * - graph calls by the token, code or exchanged token, which live in one simulator's store.
 * Everything else is answered with the real Graph error and marked unmatched, so whichever
 * order the router tries the simulators in, the owner answers.
 */

export const graphLifetimes = { shortSeconds: 3600, longSeconds: 5183944 } as const;

/** The door (token meta) of every token issued through Facebook Login. */
export const facebookLoginDoor = "facebook_login";

const wantsInstagram = (scope: string | undefined) => (scope ?? "").split(",").some((s) => s.trim().startsWith("instagram_"));

const contentUnavailable = () => unmatched(new Response("Sorry, this content isn't available right now", { status: 404 }));

function dialogClaim(instagramDoor: boolean): MiddlewareHandler {
  return async (c, next) => {
    if (wantsInstagram(c.req.query("scope")) !== instagramDoor) return contentUnavailable();
    await next();
  };
}

/**
 * www.facebook.com as one simulator serves it: the login dialog, claimed for Instagram's
 * Facebook-login door (`instagramDoor`) or for Facebook Pages, and nothing else.
 */
export function facebookDialogHost(deps: SimulatorDeps, options: { platform: PlatformId; instagramDoor: boolean; seedAccount: (input: { handle: string }) => Promise<SandboxAccount> }): Hono {
  const www = new Hono();
  www.use("/:version/dialog/oauth", dialogClaim(options.instagramDoor));
  mountConsentPage(www, deps, { platform: options.platform, path: "/:version/dialog/oauth", scopeSeparator: ",", seedAccount: options.seedAccount });
  www.notFound(() => contentUnavailable());
  return www;
}

async function owns(deps: SimulatorDeps, platform: PlatformId, request: Request): Promise<"token" | "code" | false> {
  const url = new URL(request.url);
  // Writes may carry the token in a form body: parsed once for the request, the handler reads it too.
  const form = request.method === "GET" ? undefined : await requestForm(request);
  const token = accessTokenOf(request, form) ?? url.searchParams.get("fb_exchange_token");
  if (token) return (await readCallToken(deps, platform, request, token)).record ? "token" : false;
  const code = url.searchParams.get("code");
  if (code) return (await deps.store.get(platform, "auth_code", code)) ? "code" : false;
  return false;
}

/** Middleware for graph.facebook.com: answer only requests carrying this simulator's credentials. */
function graphClaim(deps: SimulatorDeps, platform: PlatformId): MiddlewareHandler {
  return async (c, next) => {
    if (await owns(deps, platform, c.req.raw)) return next();
    const url = new URL(c.req.url);
    if (url.searchParams.get("code")) return unmatched(graphError(400, { message: "Invalid verification code format.", type: "OAuthException", code: 100 }));
    if (accessTokenOf(c.req.raw) || url.searchParams.get("fb_exchange_token")) {
      return unmatched(graphError(400, { message: "Invalid OAuth access token - Cannot parse access token", type: "OAuthException", code: 190 }));
    }
    return unmatched(graphError(400, { message: "An active access token must be used to query information about the current user.", type: "OAuthException", code: 2500 }));
  };
}

const codeErrors = {
  invalid_code: { message: "Invalid verification code format.", code: 100 },
  code_used: { message: "This authorization code has been used.", code: 100, error_subcode: 36009 },
  code_expired: { message: "This authorization code has expired.", code: 100, error_subcode: 36007 },
  redirect_mismatch: {
    message: "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
    code: 100,
    error_subcode: 36008,
  },
  client_mismatch: { message: "Error validating application. Invalid application ID.", code: 101 },
  pkce_failed: { message: "Invalid code verifier.", code: 100 },
} as const;

export interface TokenIssue {
  prefix: string;
  door: string;
}

export async function issueGraphToken(deps: SimulatorDeps, platform: PlatformId, accountId: string, scopes: string[], issue: TokenIssue, longLived: boolean) {
  const tokens = await issueTokens(deps, platform, accountId, scopes, {
    accessSeconds: longLived ? graphLifetimes.longSeconds : graphLifetimes.shortSeconds,
    refreshSeconds: null,
    withRefresh: false,
    prefix: issue.prefix,
  });
  await deps.store.put<TokenMeta>(platform, "token_meta", tokens.accessToken, { door: issue.door, longLived }, accountId);
  return tokens;
}

/**
 * `GET /{version}/oauth/access_token`: `code` (with client_id, client_secret, redirect_uri) buys a
 * short-lived token; `grant_type=fb_exchange_token` trades a still-valid token for a 60-day one.
 * The old token stays valid, as on Facebook: nothing rotates.
 */
function mountGraphTokenEndpoint(graph: Hono, deps: SimulatorDeps, platform: PlatformId, issue: TokenIssue): void {
  graph.get("/:version/oauth/access_token", async (c) => {
    const q = c.req.query();
    if (!q.client_id) return graphError(400, { message: "Missing client_id parameter.", type: "OAuthException", code: 101 });
    if (!q.client_secret) return graphError(400, { message: "Missing client_secret parameter.", type: "OAuthException", code: 100 });
    if (q.grant_type === "fb_exchange_token") {
      const check = await checkToken(deps, platform, q.fb_exchange_token);
      if (!check.ok) return exchangeTokenRefused(check.reason === "expired");
      if ((await applyLatencyFaults(deps, check.account, c.req.raw.signal)) === "down") return graphDown();
      const tokens = await issueGraphToken(deps, platform, check.account.id, check.token.scopes, issue, true);
      return graphJson({ access_token: tokens.accessToken, token_type: "bearer", expires_in: tokens.accessExpiresInSeconds });
    }
    if (!q.code) return graphError(400, { message: "Missing code parameter.", type: "OAuthException", code: 100 });
    if (!q.redirect_uri) return graphError(400, { message: "Missing redirect_uri parameter.", type: "OAuthException", code: 100 });
    const redeemed = await redeemAuthCode(deps, platform, { code: q.code, clientId: q.client_id, redirectUri: q.redirect_uri, codeVerifier: null });
    if (!redeemed.ok) return graphError(400, { type: "OAuthException", ...codeErrors[redeemed.reason] });
    const tokens = await issueGraphToken(deps, platform, redeemed.code.accountId, redeemed.code.scopes, issue, false);
    return graphJson({ access_token: tokens.accessToken, token_type: "bearer", expires_in: tokens.accessExpiresInSeconds });
  });
}

/**
 * `GET /me/permissions` lists what was granted; `DELETE /me/permissions` de-authorises the app,
 * which kills every user and page token it held for the person.
 */
function mountPermissionsEdge(graph: Hono, profile: GraphProfile, door: string): void {
  const { deps, platform } = profile;
  graph.get("/:version/me/permissions", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door });
    if (!auth.ok) return auth.response;
    return graphJson(
      pageOf(
        c.req.raw,
        auth.token.scopes.map((permission) => ({ permission, status: "granted" })),
      ),
    );
  });
  graph.delete("/:version/me/permissions", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door });
    if (!auth.ok) return auth.response;
    const owned = await deps.store.list<SandboxToken>(platform, "token", { owner: auth.account.id });
    for (const token of owned) {
      // Only this login's tokens die: an Instagram-login grant for the same account is separate.
      const meta = await deps.store.get<TokenMeta>(platform, "token_meta", token.id);
      if (meta?.data.door === door) await revokeToken(deps, platform, token.id);
    }
    return graphJson({ success: true });
  });
}

/**
 * graph.facebook.com as one Facebook-login simulator starts it: it claims only requests carrying
 * its own credentials, and serves Facebook Login's token endpoint and the permissions edge.
 */
export function facebookLoginGraph(profile: GraphProfile): Hono {
  const graph = new Hono();
  graph.use("*", graphClaim(profile.deps, profile.platform));
  mountGraphTokenEndpoint(graph, profile.deps, profile.platform, { prefix: "EAA_SANDBOX_", door: facebookLoginDoor });
  mountPermissionsEdge(graph, profile, facebookLoginDoor);
  return graph;
}
