import { simulatedFollowers } from "../sandbox-metrics.js";
import { type Context, Hono } from "hono";
import { mountConsentPage, redeemAuthCode } from "../oauth-consent.js";
import { UNMATCHED_HEADER } from "../sandbox-fetch.js";
import { checkToken, issueTokens, revokeToken, seedSandboxAccount, type SandboxToken } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps, SimulatorFactory } from "../types.js";
import { mountContentPosting } from "./publishing.js";
import { authenticate, envelope, oauthError } from "./wire.js";

/**
 * A test double of TikTok for what the adapter calls: the Login Kit v2 consent page, the token
 * and revoke endpoints (form bodies with client_key and client_secret, rotating refresh tokens),
 * Display API user info, and the Content Posting API (publishing.ts: creator_info, video and photo
 * init, status, the creator's video list). API answers use TikTok's envelope
 * `{ data, error: { code, message, log_id } }`; OAuth answers the flat OAuth shape.
 */

const ACCESS_SECONDS = 7200; // 2 hours since the November 2026 token page (24 hours before)
const REFRESH_SECONDS = 180 * 86_400; // 180 days (365 before)

/** Which scope each user/info field needs (Display API user object). */
const FIELD_SCOPES: Record<string, string> = {
  open_id: "user.info.basic",
  union_id: "user.info.basic",
  avatar_url: "user.info.basic",
  avatar_url_100: "user.info.basic",
  avatar_large_url: "user.info.basic",
  display_name: "user.info.basic",
  bio_description: "user.info.profile",
  profile_deep_link: "user.info.profile",
  is_verified: "user.info.profile",
  username: "user.info.profile",
  follower_count: "user.info.stats",
  following_count: "user.info.stats",
  likes_count: "user.info.stats",
  video_count: "user.info.stats",
};

function userObject(account: SandboxAccount): Record<string, unknown> {
  return {
    open_id: account.id,
    union_id: `sandbox-union-${account.id.slice(-12)}`,
    avatar_url: account.avatarUrl,
    avatar_url_100: account.avatarUrl,
    avatar_large_url: account.avatarUrl,
    display_name: account.displayName,
    bio_description: "Chorus sandbox account: a simulated TikTok creator, not a real person.",
    profile_deep_link: `https://sandbox.chorus.invalid/tiktok/@${encodeURIComponent(account.handle)}`,
    is_verified: false,
    username: account.handle,
    follower_count: simulatedFollowers(account.id),
    following_count: 0,
    likes_count: 0,
    video_count: 0,
  };
}

async function tokenAnswer(c: Context, deps: SimulatorDeps, accountId: string, scopes: string[]) {
  const issued = await issueTokens(deps, "tiktok", accountId, scopes, {
    accessSeconds: ACCESS_SECONDS,
    refreshSeconds: REFRESH_SECONDS,
    withRefresh: true,
    prefix: "act.sandbox-",
  });
  return c.json({
    open_id: accountId,
    scope: scopes.join(","),
    access_token: issued.accessToken,
    expires_in: ACCESS_SECONDS,
    refresh_token: issued.refreshToken,
    refresh_expires_in: REFRESH_SECONDS,
    token_type: "Bearer",
  });
}

export const createTiktokSimulator: SimulatorFactory = (deps) => {
  const app = new Hono();
  const seedAccount = (input: { handle: string }) => seedSandboxAccount(deps, "tiktok", input, () => `sandbox-open-${crypto.randomUUID()}`);

  mountConsentPage(app, deps, { platform: "tiktok", path: "/v2/auth/authorize/", clientIdParam: "client_key", scopeSeparator: ",", seedAccount });

  app.post("/v2/oauth/token/", async (c) => {
    const form = await c.req.parseBody();
    const field = (name: string): string | null => {
      const value = form[name];
      return typeof value === "string" && value !== "" ? value : null;
    };
    const clientKey = field("client_key");
    if (!clientKey || !field("client_secret")) return oauthError(c, deps, "invalid_client", "Client key or secret is incorrect.");
    if (field("grant_type") === "authorization_code") {
      const redeemed = await redeemAuthCode(deps, "tiktok", {
        code: field("code") ?? "",
        clientId: clientKey,
        redirectUri: field("redirect_uri") ?? "",
        codeVerifier: field("code_verifier"),
      });
      if (!redeemed.ok) return oauthError(c, deps, "invalid_grant", "Authorization code is expired.");
      const account = await deps.store.get<SandboxAccount>("tiktok", "account", redeemed.code.accountId);
      if (!account) return oauthError(c, deps, "invalid_grant", "Authorization code is expired.");
      return tokenAnswer(c, deps, account.data.id, redeemed.code.scopes);
    }
    if (field("grant_type") === "refresh_token") {
      const presented = field("refresh_token") ?? "";
      const check = await checkToken(deps, "tiktok", presented, "refresh");
      if (!check.ok) return oauthError(c, deps, "invalid_grant", "Refresh token is invalid or expired.");
      // Rotation: the presented refresh token stops working once its replacement is issued.
      await revokeToken(deps, "tiktok", presented);
      return tokenAnswer(c, deps, check.account.id, check.token.scopes);
    }
    return oauthError(c, deps, "invalid_request", "The request parameters are malformed.");
  });

  app.post("/v2/oauth/revoke/", async (c) => {
    const form = await c.req.parseBody();
    if (typeof form.client_key !== "string" || typeof form.client_secret !== "string") {
      return oauthError(c, deps, "invalid_client", "Client key or secret is incorrect.");
    }
    const token = typeof form.token === "string" ? await deps.store.get<SandboxToken>("tiktok", "token", form.token) : null;
    if (!token) return oauthError(c, deps, "invalid_request", "The token is invalid.");
    // Revoking withdraws the app's authorisation: every token of that person stops working.
    for (const other of await deps.store.list<SandboxToken>("tiktok", "token", { owner: token.data.accountId })) {
      await revokeToken(deps, "tiktok", other.id);
    }
    return c.json({});
  });

  app.get("/v2/user/info/", async (c) => {
    const fields = (c.req.query("fields") ?? "")
      .split(",")
      .map((f) => f.trim())
      .filter(Boolean);
    const unknown = fields.filter((f) => !(f in FIELD_SCOPES));
    const auth = await authenticate(c, deps, [...new Set(fields.flatMap((f) => (FIELD_SCOPES[f] ? [FIELD_SCOPES[f]] : [])))]);
    if (auth instanceof Response) return auth;
    if (fields.length === 0 || unknown.length > 0) {
      return envelope(c, deps, 400, {}, "invalid_params", fields.length === 0 ? "fields is required" : `Invalid fields: ${unknown.join(",")}`);
    }
    const user = userObject(auth.account);
    return envelope(c, deps, 200, { user: Object.fromEntries(fields.map((f) => [f, user[f]])) });
  });

  mountContentPosting(app, deps);

  app.notFound((c) => {
    c.header(UNMATCHED_HEADER, "1");
    return envelope(c, deps, 404, {}, "invalid_params", "The requested path does not exist.");
  });

  return { platform: "tiktok", hosts: ["www.tiktok.com", "open.tiktokapis.com"], app, seedAccount };
};
