import { mountPinterestAccountReads, simulatePinterestActivity } from "./account-reads.js";
import { mountPinterestAnalyticsRoutes } from "./analytics.js";
import { simulatedFollowers } from "../sandbox-metrics.js";
import { type Context, Hono } from "hono";
import { mountConsentPage, redeemAuthCode } from "../oauth-consent.js";
import { UNMATCHED_HEADER } from "../sandbox-fetch.js";
import { checkToken, issueTokens, numericId, revokeToken, seedSandboxAccount } from "../tokens.js";
import type { SimulatorDeps, SimulatorFactory } from "../types.js";
import { mountMediaUpload, mountPins, S3_UPLOAD_HOST } from "./pins.js";
import { mountPinUpdate } from "./pin-update.js";
import { mountPinSaves } from "./saves.js";
import { putSandboxBoard, type SandboxBoard } from "./boards.js";
import { authenticate, pageOf, pinError } from "./wire.js";

/**
 * A test double of Pinterest API v5 for what the adapter calls: the consent page, the token
 * endpoint (form body, HTTP Basic, continuous refresh tokens that rotate), GET /user_account,
 * GET /boards and GET /ad_accounts with `bookmark` pagination, and publishing (pins.ts: Pins,
 * video media registration, the S3 upload bucket, board Pins). Errors are `{ code, message }`
 * with the codes and messages the official spec gives as examples.
 */

const ACCESS_SECONDS = 30 * 86_400; // about 30 days
const REFRESH_SECONDS = 60 * 86_400; // continuous refresh tokens: 60 days, renewed on each refresh

/** The app authenticates with HTTP Basic `client_id:client_secret`; anything else is refused. */
function basicClientId(header: string | undefined): string | null {
  const encoded = /^Basic (.+)$/i.exec(header ?? "")?.[1];
  if (!encoded) return null;
  try {
    const [id, secret] = atob(encoded).split(":");
    return id && secret ? id : null;
  } catch {
    return null;
  }
}

async function tokenAnswer(c: Context, deps: SimulatorDeps, accountId: string, scopes: string[], responseType: string) {
  const issued = await issueTokens(deps, "pinterest", accountId, scopes, {
    accessSeconds: ACCESS_SECONDS,
    refreshSeconds: REFRESH_SECONDS,
    withRefresh: true,
    prefix: "pin-sandbox-",
  });
  return c.json({
    access_token: issued.accessToken,
    refresh_token: issued.refreshToken,
    response_type: responseType,
    token_type: "bearer",
    expires_in: ACCESS_SECONDS,
    refresh_token_expires_in: REFRESH_SECONDS,
    refresh_token_expires_at: Math.floor(deps.now().getTime() / 1000) + REFRESH_SECONDS,
    scope: scopes.join(","),
  });
}

export const createPinterestSimulator: SimulatorFactory = (deps) => {
  const app = new Hono();
  const seedAccount = async (input: { handle: string }) => {
    const account = await seedSandboxAccount(deps, "pinterest", input, () => numericId(18));
    if ((await deps.store.list("pinterest", "board", { owner: account.id })).length === 0) {
      await putSandboxBoard(deps.store, account, { name: "Sandbox recipes" });
      await putSandboxBoard(deps.store, account, { name: "Sandbox travel ideas" });
      await putSandboxBoard(deps.store, account, { name: "Sandbox drafts", privacy: "SECRET" });
      await deps.store.put("pinterest", "ad_account", numericId(15), { name: `Sandbox ads of ${account.handle}`, currency: "USD", country: "US" }, account.id);
    }
    return account;
  };

  mountConsentPage(app, deps, { platform: "pinterest", path: "/oauth/", scopeSeparator: ",", seedAccount });

  app.post("/v5/oauth/token", async (c) => {
    const clientId = basicClientId(c.req.header("authorization"));
    if (!clientId) return pinError(c, 401, 2, "Authentication failed.");
    const form = await c.req.parseBody();
    const field = (name: string): string | null => {
      const value = form[name];
      return typeof value === "string" && value !== "" ? value : null;
    };
    if (field("grant_type") === "authorization_code") {
      const redeemed = await redeemAuthCode(deps, "pinterest", { code: field("code") ?? "", clientId, redirectUri: field("redirect_uri") ?? "", codeVerifier: null });
      // 283 names the app ("Invalid Application ID"): a code issued to another app is that app's.
      if (!redeemed.ok && redeemed.reason === "client_mismatch") return c.json({ status: "failure", code: 283, data: "Invalid Application ID", message: "The authorization grant is invalid" }, 401);
      if (!redeemed.ok) return pinError(c, 401, 2, "Authentication failed.");
      return tokenAnswer(c, deps, redeemed.code.accountId, redeemed.code.scopes, "authorization_code");
    }
    if (field("grant_type") === "refresh_token") {
      const presented = field("refresh_token") ?? "";
      const check = await checkToken(deps, "pinterest", presented, "refresh");
      if (!check.ok) return pinError(c, 401, 2, "Authentication failed.");
      // Continuous refresh: the answer carries a new refresh token and the presented one is spent.
      await revokeToken(deps, "pinterest", presented);
      return tokenAnswer(c, deps, check.account.id, check.token.scopes, "refresh_token");
    }
    return pinError(c, 400, 1, "Invalid parameters.");
  });

  mountPinterestAnalyticsRoutes(app, deps);

  app.get("/v5/user_account", async (c) => {
    const auth = await authenticate(c, deps, ["user_accounts:read"]);
    if (auth instanceof Response) return auth;
    const boards = await deps.store.list("pinterest", "board", { owner: auth.account.id });
    return c.json({
      account_type: "BUSINESS",
      id: auth.account.id,
      profile_image: auth.account.avatarUrl ?? "",
      website_url: "https://sandbox.chorus.invalid",
      username: auth.account.handle,
      about: "Chorus sandbox account: a simulated Pinterest user, not a real person.",
      business_name: auth.account.displayName,
      board_count: boards.length,
      pin_count: 0,
      follower_count: simulatedFollowers(auth.account.id),
      following_count: 0,
      monthly_views: 0,
    });
  });

  app.get("/v5/boards", async (c) => {
    const auth = await authenticate(c, deps, ["boards:read"]);
    if (auth instanceof Response) return auth;
    const secret = auth.token.scopes.includes("boards:read_secret");
    const privacy = c.req.query("privacy") ?? "ALL";
    const boards = (await deps.store.list<SandboxBoard>("pinterest", "board", { owner: auth.account.id }))
      .map((r) => r.data)
      .filter((b) => (secret || b.privacy !== "SECRET") && (privacy === "ALL" || b.privacy === privacy));
    return pageOf(c, boards);
  });

  app.get("/v5/ad_accounts", async (c) => {
    const auth = await authenticate(c, deps, ["ads:read"]);
    if (auth instanceof Response) return auth;
    const records = await deps.store.list<{ name: string; currency: string; country: string }>("pinterest", "ad_account", { owner: auth.account.id });
    const items = records.map((r) => ({
      id: r.id,
      name: r.data.name,
      owner: { username: auth.account.handle, id: auth.account.id },
      country: r.data.country,
      currency: r.data.currency,
      permissions: ["OWNER"],
      created_time: Math.floor(new Date(r.createdAt).getTime() / 1000),
      updated_time: Math.floor(new Date(r.createdAt).getTime() / 1000),
    }));
    return pageOf(c, items);
  });

  mountPinterestAccountReads(app, deps);
  mountPins(app, deps);
  mountPinUpdate(app, deps);
  mountPinSaves(app, deps);
  mountMediaUpload(app, deps);

  app.notFound((c) => {
    c.header(UNMATCHED_HEADER, "1");
    return c.json({ code: 404, message: "Not found." }, 404);
  });

  return {
    platform: "pinterest",
    hosts: ["www.pinterest.com", "api.pinterest.com", S3_UPLOAD_HOST],
    app,
    seedAccount,
    simulateActivity: (input) => simulatePinterestActivity(deps, (handle) => seedAccount({ handle }), input),
  };
};
