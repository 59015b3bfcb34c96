import type { Context, Hono } from "hono";
import type { PlatformId } from "../../types/platform-ids.js";
import { mountConsentPage, redeemAuthCode } from "../oauth-consent.js";
import { type SandboxToken, checkToken, issueTokens, revokeToken } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import { unmatched } from "./wire.js";

/**
 * Google's OAuth server (accounts.google.com + oauth2.googleapis.com) as two simulators share it.
 * The youtube and googlebusiness simulators both mount this; each answers only for what it owns
 * and marks the rest unmatched so the sandbox router tries the other:
 * - the consent page by the requested scopes (YouTube scopes vs business.manage),
 * - the token endpoint by who issued the code or refresh token,
 * - the revoke endpoint by who issued the token.
 * When no simulator owns a request, the last one's answer (Google's own error) reaches the caller.
 */
export interface GoogleOAuthSimOptions {
  platform: PlatformId;
  ownsScopes: (scopes: string[]) => boolean;
  seedAccount: (input: { handle: string }) => Promise<SandboxAccount>;
}

const AUTHORIZE_PATH = "/o/oauth2/v2/auth";
/** Google says 3599 seconds for a fresh hour-long token. */
const ACCESS_SECONDS = 3599;

interface CodeMeta {
  offline: boolean;
}

type GoogleOAuthError = { error: string; error_description: string };
const oauthError = (error: string, description: string): GoogleOAuthError => ({ error, error_description: description });

export function mountGoogleOAuth(app: Hono, deps: SimulatorDeps, options: GoogleOAuthSimOptions): void {
  const { platform } = options;

  app.use(AUTHORIZE_PATH, async (c, next) => {
    const scopes = (c.req.query("scope") ?? "").split(" ").filter(Boolean);
    if (scopes.length === 0) return unmatched(c, "Error 400: invalid_request. Missing required parameter: scope", 400);
    if (!options.ownsScopes(scopes)) return unmatched(c, "Error 400: invalid_scope", 400);
    await next();
    // The shared consent page stores the code; Google only issues a refresh token for
    // access_type=offline, so remember that next to the code for the token endpoint.
    const location = c.res.headers.get("location");
    const code = location ? new URL(location).searchParams.get("code") : null;
    if (c.req.method === "POST" && code) {
      await deps.store.put<CodeMeta>(platform, "auth_code_meta", code, { offline: c.req.query("access_type") === "offline" });
    }
  });
  mountConsentPage(app, deps, { platform, path: AUTHORIZE_PATH, seedAccount: options.seedAccount });

  app.post("/token", async (c) => {
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : null);
    const grantType = field("grant_type");
    if (grantType === "authorization_code") return exchange(c, field);
    if (grantType === "refresh_token") return refresh(c, field);
    return unmatched(c, oauthError("unsupported_grant_type", `Invalid grant_type: ${grantType ?? ""}`), 400);
  });

  async function exchange(c: Context, field: (name: string) => string | null): Promise<Response> {
    const code = field("code");
    if (!code || !(await deps.store.get(platform, "auth_code", code))) return unmatched(c, oauthError("invalid_grant", "Malformed auth code."), 400);
    const clientId = field("client_id");
    if (!clientId) return c.json(oauthError("invalid_request", "Could not determine client ID from request."), 400);
    if (!field("client_secret")) return c.json(oauthError("invalid_request", "client_secret is missing."), 400);
    const redirectUri = field("redirect_uri");
    if (!redirectUri) return c.json(oauthError("invalid_request", "Missing parameter: redirect_uri"), 400);
    const redeemed = await redeemAuthCode(deps, platform, { code, clientId, redirectUri, codeVerifier: field("code_verifier") });
    if (!redeemed.ok) {
      switch (redeemed.reason) {
        case "client_mismatch":
          return c.json(oauthError("invalid_client", "Unauthorized"), 401);
        case "redirect_mismatch":
          return c.json(oauthError("redirect_uri_mismatch", "Bad Request"), 400);
        case "pkce_failed":
          return c.json(oauthError("invalid_grant", field("code_verifier") ? "Invalid code verifier." : "Missing code verifier."), 400);
        default:
          return c.json(oauthError("invalid_grant", "Bad Request"), 400);
      }
    }
    const meta = await deps.store.get<CodeMeta>(platform, "auth_code_meta", code);
    const issued = await issueTokens(deps, platform, redeemed.code.accountId, redeemed.code.scopes, {
      accessSeconds: ACCESS_SECONDS,
      refreshSeconds: null,
      withRefresh: meta?.data.offline ?? false,
      prefix: "sandbox-ya29.",
    });
    return c.json({
      access_token: issued.accessToken,
      expires_in: ACCESS_SECONDS,
      ...(issued.refreshToken ? { refresh_token: issued.refreshToken } : {}),
      scope: issued.scopes.join(" "),
      token_type: "Bearer",
    });
  }

  async function refresh(c: Context, field: (name: string) => string | null): Promise<Response> {
    const token = field("refresh_token");
    if (!token || !(await deps.store.get(platform, "token", token))) return unmatched(c, oauthError("invalid_grant", "Bad Request"), 400);
    if (!field("client_id") || !field("client_secret")) return c.json(oauthError("invalid_request", "Could not determine client ID from request."), 400);
    const check = await checkToken(deps, platform, token, "refresh");
    if (!check.ok) return c.json(oauthError("invalid_grant", "Token has been expired or revoked."), 400);
    // No rotation: Google answers without a refresh_token and the old one keeps working.
    const issued = await issueTokens(deps, platform, check.account.id, check.token.scopes, {
      accessSeconds: ACCESS_SECONDS,
      refreshSeconds: null,
      withRefresh: false,
      prefix: "sandbox-ya29.",
    });
    return c.json({ access_token: issued.accessToken, expires_in: ACCESS_SECONDS, scope: issued.scopes.join(" "), token_type: "Bearer" });
  }

  app.post("/revoke", async (c) => {
    const form = await c.req.parseBody();
    const token = c.req.query("token") ?? (typeof form.token === "string" ? form.token : null);
    const found = token ? await deps.store.get<SandboxToken>(platform, "token", token) : null;
    if (!found) return unmatched(c, oauthError("invalid_token", "Bad Request"), 400);
    if (found.data.revoked) return c.json(oauthError("invalid_token", "Token expired or revoked"), 400);
    // Revoking any token of a grant ends the whole grant.
    const all = await deps.store.list<SandboxToken>(platform, "token", { owner: found.data.accountId });
    for (const record of all) await revokeToken(deps, platform, record.id);
    return c.body(null, 200);
  });
}
