import { type Context, Hono } from "hono";
import { mountConsentPage, redeemAuthCode } from "../oauth-consent.js";
import { UNMATCHED_HEADER } from "../sandbox-fetch.js";
import { applyLatencyFaults, checkToken, issueTokens, numericId, revokeToken, seedSandboxAccount } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps, SimulatorFactory } from "../types.js";
import { mountEngagementRoutes } from "./engagement.js";
import { mountConversationRoutes } from "./conversations.js";
import { mountMediaRoutes } from "./media.js";
import { mountMediaAnalyticsRoutes } from "./media-analytics.js";
import { mountDirectMessageRoutes, receiveTwitterMessage } from "./direct-messages.js";
import { mountMentionRoutes, simulateTwitterActivity } from "./mentions.js";
import { mountPostMetricRoutes } from "./post-metrics.js";
import { mountPostRoutes } from "./posts.js";
import { mountSearchRoutes } from "./search.js";
import { userObjectOf } from "./users.js";
import { authenticate, problem, rateHeaders } from "./wire.js";

/**
 * A test double of X API v2 for what the adapter calls: the consent page on x.com, the OAuth 2.0
 * token and revoke endpoints (form bodies, HTTP Basic client authentication, rotating refresh
 * tokens), GET /2/users/me, media upload (media.ts) and posts (posts.ts), answering failures
 * with X's real bodies and headers.
 */

const ACCESS_SECONDS = 7200; // X access tokens live 2 hours

const oauthError = (c: Context, status: 400 | 401, error: string, description: string) => c.json({ error, error_description: description }, status);

/** Confidential clients authenticate with Basic; X answers its missing header with `unauthorized_client`. */
function basicClientId(c: Context): string | null {
  const header = c.req.header("authorization") ?? "";
  if (!/^Basic /i.test(header)) return null;
  try {
    const decoded = atob(header.slice(6).trim());
    const colon = decoded.indexOf(":");
    return colon > 0 && colon < decoded.length - 1 ? decoded.slice(0, colon) : null;
  } catch {
    return null;
  }
}

async function tokenAnswer(c: Context, deps: SimulatorDeps, accountId: string, scopes: string[]) {
  const issued = await issueTokens(deps, "twitter", accountId, scopes, {
    accessSeconds: ACCESS_SECONDS,
    // X does not publish a refresh-token lifetime; the sandbox never expires them.
    refreshSeconds: null,
    withRefresh: scopes.includes("offline.access"),
    prefix: "sandbox-x-",
  });
  return c.json({
    token_type: "bearer",
    expires_in: ACCESS_SECONDS,
    access_token: issued.accessToken,
    scope: scopes.join(" "),
    ...(issued.refreshToken ? { refresh_token: issued.refreshToken } : {}),
  });
}

const USER_FIELDS = ["created_at", "description", "id", "location", "name", "profile_image_url", "protected", "public_metrics", "url", "username", "verified"];

export const createTwitterSimulator: SimulatorFactory = (deps) => {
  const app = new Hono();
  const seedAccount = (input: { handle: string }) => seedSandboxAccount(deps, "twitter", input, () => numericId(19));

  mountConsentPage(app, deps, { platform: "twitter", path: "/i/oauth2/authorize", scopeSeparator: " ", seedAccount });

  app.post("/2/oauth2/token", async (c) => {
    const clientId = basicClientId(c);
    if (!clientId) return oauthError(c, 401, "unauthorized_client", "Missing valid authorization header");
    const form = await c.req.parseBody();
    const field = (name: string): string | null => {
      const value = form[name];
      return typeof value === "string" ? value : null;
    };
    if (field("client_id") !== null && field("client_id") !== clientId) return oauthError(c, 400, "invalid_request", "Value passed for client_id was invalid.");
    if (field("grant_type") === "authorization_code") {
      const redeemed = await redeemAuthCode(deps, "twitter", {
        code: field("code") ?? "",
        clientId,
        redirectUri: field("redirect_uri") ?? "",
        codeVerifier: field("code_verifier"),
      });
      if (!redeemed.ok) return oauthError(c, 400, "invalid_request", "Value passed for the authorization code was invalid.");
      const account = await deps.store.get<SandboxAccount>("twitter", "account", redeemed.code.accountId);
      if (!account) return oauthError(c, 400, "invalid_request", "Value passed for the authorization code was invalid.");
      if ((await applyLatencyFaults(deps, account.data, c.req.raw.signal)) === "down") return problem(c, 503, "Service Unavailable");
      return tokenAnswer(c, deps, account.data.id, redeemed.code.scopes);
    }
    if (field("grant_type") === "refresh_token") {
      const presented = field("refresh_token") ?? "";
      const check = await checkToken(deps, "twitter", presented, "refresh");
      if (!check.ok) return oauthError(c, 400, "invalid_request", "Value passed for the token was invalid.");
      if ((await applyLatencyFaults(deps, check.account, c.req.raw.signal)) === "down") return problem(c, 503, "Service Unavailable");
      // Rotation: a refresh token works once; the answer carries its replacement.
      await revokeToken(deps, "twitter", presented);
      return tokenAnswer(c, deps, check.account.id, check.token.scopes);
    }
    return oauthError(c, 400, "invalid_request", "Missing required parameter [grant_type].");
  });

  app.post("/2/oauth2/revoke", async (c) => {
    if (!basicClientId(c)) return oauthError(c, 401, "unauthorized_client", "Missing valid authorization header");
    const form = await c.req.parseBody();
    if (typeof form.token !== "string" || form.token === "") return oauthError(c, 400, "invalid_request", "Missing required parameter [token].");
    // As RFC 7009 asks, an unknown token is answered like a revoked one.
    await revokeToken(deps, "twitter", form.token);
    return c.json({ revoked: true });
  });

  app.get("/2/users/me", async (c) => {
    const auth = await authenticate(c, deps, ["tweet.read", "users.read"]);
    if (auth instanceof Response) return auth;
    const fields = (c.req.query("user.fields") ?? "").split(",").filter(Boolean);
    const unknown = fields.filter((f) => !USER_FIELDS.includes(f));
    if (unknown.length > 0) {
      return c.json(
        {
          errors: [{ parameters: { "user.fields": unknown }, message: `The \`user.fields\` query parameter value [${unknown[0]}] is not one of [${USER_FIELDS.join(",")}]` }],
          title: "Invalid Request",
          detail: "One or more parameters to your request was invalid.",
          type: "https://api.x.com/2/problems/invalid-request",
        },
        400,
      );
    }
    return c.json({ data: await userObjectOf(deps, auth.account, fields) }, 200, rateHeaders(deps, 74));
  });

  mountMediaRoutes(app, deps);
  mountPostRoutes(app, deps);
  mountPostMetricRoutes(app, deps);
  mountMediaAnalyticsRoutes(app, deps);
  mountMentionRoutes(app, deps);
  mountDirectMessageRoutes(app, deps);
  mountEngagementRoutes(app, deps);
  mountConversationRoutes(app, deps);
  mountSearchRoutes(app, deps);

  app.notFound((c) => {
    c.header(UNMATCHED_HEADER, "1");
    return c.json({ errors: [{ message: "Sorry, that page does not exist", code: 34 }] }, 404);
  });

  return {
    platform: "twitter",
    hosts: ["x.com", "api.x.com"],
    app,
    seedAccount,
    simulateActivity: (input) => simulateTwitterActivity(deps, (handle) => seedAccount({ handle }), input),
    async receiveMessage(input) {
      const event = await receiveTwitterMessage(deps, await seedAccount({ handle: input.senderHandle }), input.recipientId, input.text);
      return { id: event.id, senderId: event.senderId };
    },
  };
};
