import { Hono } from "hono";
import { mountConsentPage, redeemAuthCode } from "../oauth-consent.js";
import { applyLatencyFaults, checkToken, numericId, seedSandboxAccount } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps, SimulatorFactory } from "../types.js";
import { issueGraphToken } from "../meta/facebook-login.js";
import {
  authenticate,
  exchangeTokenRefused,
  graphDown,
  graphError,
  graphJson,
  hostRouter,
  selectFields,
  tokenLifetimeRefused,
  unknownPath,
  unmatched,
  unsupportedRequest,
  type GraphProfile,
} from "../meta/graph-wire.js";
import type { TokenMeta } from "../meta/token-meta.js";
import { mountThreadsInsights } from "./insights.js";
import { mountThreadsDiscovery } from "./discovery.js";
import { mountKeywordSearch } from "./keyword-search.js";
import { mountThreadsPublishing, type SandboxThread } from "./publishing.js";
import { mountThreadsReposts } from "./reposts.js";
import { mountThreadsMentions, simulateThreadsActivity } from "./mentions.js";
import { mountThreadsReplies, simulateThreadsReply } from "./replies.js";
import { requestForm } from "../meta/graph-request-memo.js";

/**
 * Threads simulator: the authorize page on threads.net and the token, read and publishing
 * endpoints on graph.threads.net (publishing.ts), in Threads' Graph-style wire format
 * (form-encoded code exchange, Graph error envelope, `fields=` selection, `{ data: [...] }`
 * for the publishing limit).
 */

const platform = "threads";
const issue = { prefix: "THAA_SANDBOX_", door: "threads" };
/** Threads' documented window: 250 API-published posts per rolling 24 h. */
const quota = { total: 250, durationSeconds: 86400 };

function profileFor(deps: SimulatorDeps): GraphProfile {
  return {
    platform,
    deps,
    basicPermissions: ["threads_basic"],
    rateLimited: () =>
      graphError(
        403,
        { message: "(#4) Application request limit reached", type: "OAuthException", code: 4, is_transient: true },
        { "x-app-usage": JSON.stringify({ call_count: 100, total_cputime: 30, total_time: 35 }) },
      ),
    permissionDenied: () => graphError(403, { message: "(#10) Application does not have permission for this action", type: "OAuthException", code: 10 }),
  };
}

async function seed(deps: SimulatorDeps, handle: string): Promise<SandboxAccount> {
  const account = await seedSandboxAccount(deps, platform, { handle, displayName: `Sandbox ${handle}` }, () => numericId(17));
  const posts = await deps.store.list(platform, "thread", { owner: account.id });
  if (posts.length === 0) {
    // One post today, so the publishing limit reads like a real account's.
    await deps.store.put<SandboxThread>(platform, "thread", numericId(17), { text: "A sandbox thread.", publishedAt: deps.now().toISOString() }, account.id);
  }
  return account;
}

const codeMessages = {
  invalid_code: "Invalid authorization code",
  code_used: "This authorization code has been used",
  code_expired: "This authorization code has expired",
  redirect_mismatch: "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
  client_mismatch: "Error validating application. Invalid application ID.",
  pkce_failed: "Invalid code verifier",
} as const;

function graphRoutes(deps: SimulatorDeps): Hono {
  const profile = profileFor(deps);
  const graph = new Hono();

  graph.post("/oauth/access_token", async (c) => {
    // The form body is documented; the same fields in the query string are accepted too.
    const form = await requestForm(c.req.raw);
    const field = (name: string) => form.get(name) ?? c.req.query(name) ?? "";
    for (const name of ["client_id", "client_secret", "code", "grant_type", "redirect_uri"]) {
      if (!field(name)) return graphError(400, { message: `Missing ${name} parameter.`, type: "OAuthException", code: 100 });
    }
    if (field("grant_type") !== "authorization_code") return graphError(400, { message: "Unsupported grant type", type: "OAuthException", code: 100 });
    const redeemed = await redeemAuthCode(deps, platform, { code: field("code"), clientId: field("client_id"), redirectUri: field("redirect_uri"), codeVerifier: null });
    if (!redeemed.ok) return graphError(400, { message: codeMessages[redeemed.reason], type: "OAuthException", code: 100 });
    const tokens = await issueGraphToken(deps, platform, redeemed.code.accountId, redeemed.code.scopes, issue, false);
    // Threads sends user_id as a JSON number; 17-digit ids do not survive a double, as in reality.
    return graphJson({ access_token: tokens.accessToken, user_id: Number(redeemed.code.accountId) });
  });

  /** th_exchange_token (short -> long, with the app secret) and th_refresh_token (long -> long, needs threads_basic). */
  const exchange = (grantType: string, wantLongLived: boolean) => async (request: Request) => {
    const q = new URL(request.url).searchParams;
    if (q.get("grant_type") !== grantType) return graphError(400, { message: "Unsupported grant type", type: "OAuthException", code: 100 });
    if (!wantLongLived && !q.get("client_secret")) return graphError(400, { message: "Missing client_secret parameter.", type: "OAuthException", code: 100 });
    const value = q.get("access_token");
    const check = await checkToken(deps, platform, value);
    if (!check.ok) return exchangeTokenRefused(check.reason === "expired");
    const meta = value ? (await deps.store.get<TokenMeta>(platform, "token_meta", value))?.data : undefined;
    if (meta?.longLived !== wantLongLived) return tokenLifetimeRefused(wantLongLived);
    if (!check.token.scopes.includes("threads_basic")) return profile.permissionDenied("threads_basic");
    if ((await applyLatencyFaults(deps, check.account, request.signal)) === "down") return graphDown();
    const tokens = await issueGraphToken(deps, platform, check.account.id, check.token.scopes, issue, true);
    return graphJson({ access_token: tokens.accessToken, token_type: "bearer", expires_in: tokens.accessExpiresInSeconds });
  };
  graph.get("/access_token", (c) => exchange("th_exchange_token", false)(c.req.raw));
  graph.get("/refresh_access_token", (c) => exchange("th_refresh_token", true)(c.req.raw));

  graph.get("/:version/me", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door: issue.door, permission: "threads_basic" });
    if (!auth.ok) return auth.response;
    const a = auth.account;
    const node = {
      id: a.id,
      username: a.handle,
      name: a.displayName,
      threads_profile_picture_url: a.avatarUrl,
      threads_biography: "A Chorus sandbox account. Nothing here is real.",
      is_verified: false,
    };
    const picked = selectFields(node, c.req.query("fields"), "id", "ThreadsUser");
    return picked instanceof Response ? picked : graphJson(picked);
  });

  graph.get("/:version/:userId/threads_publishing_limit", async (c) => {
    const auth = await authenticate(profile, c.req.raw, { door: issue.door, permission: "threads_content_publish" });
    if (!auth.ok) return auth.response;
    const id = c.req.param("userId");
    if (id !== "me" && id !== auth.account.id) return unsupportedRequest("GET", id);
    const since = deps.now().getTime() - quota.durationSeconds * 1000;
    const posts = await deps.store.list<SandboxThread>(platform, "thread", { owner: auth.account.id });
    const used = posts.filter((p) => Date.parse(p.data.publishedAt) > since).length;
    const node = {
      quota_usage: used,
      config: { quota_total: quota.total, quota_duration: quota.durationSeconds },
      reply_quota_usage: 0,
      reply_config: { quota_total: 1000, quota_duration: quota.durationSeconds },
      delete_quota_usage: 0,
      delete_config: { quota_total: 100, quota_duration: quota.durationSeconds },
    };
    const picked = selectFields(node, c.req.query("fields"), "quota_usage", "ThreadsPublishingLimit");
    return picked instanceof Response ? picked : graphJson({ data: [picked] });
  });

  mountThreadsInsights(graph, profile, issue.door);
  mountThreadsReposts(graph, profile, issue.door);
  mountThreadsMentions(graph, profile, issue.door);
  mountThreadsReplies(graph, profile, issue.door);
  mountThreadsDiscovery(graph, profile, issue.door);

  // Last: it adds `/:version/:nodeId` reads and deletes, which must not shadow the routes above.
  mountKeywordSearch(graph, profile, issue.door);
  mountThreadsPublishing(graph, profile, issue.door);

  graph.notFound((c) => unmatched(unknownPath(new URL(c.req.url).pathname)));
  return graph;
}

export const createThreadsSimulator: SimulatorFactory = (deps) => {
  const seedAccount = (input: { handle: string }) => seed(deps, input.handle);
  const www = new Hono();
  mountConsentPage(www, deps, { platform, path: "/oauth/authorize", scopeSeparator: ",", seedAccount });
  www.notFound(() => unmatched(new Response("Sorry, this page isn't available.", { status: 404 })));
  return {
    platform,
    hosts: ["threads.net", "graph.threads.net"],
    app: hostRouter({ "threads.net": www, "graph.threads.net": graphRoutes(deps) }),
    seedAccount,
    simulateActivity: (input) =>
      input.action === "reply" ? simulateThreadsReply(deps, (handle) => seedAccount({ handle }), input) : simulateThreadsActivity(deps, (handle) => seed(deps, handle), input),
  };
};
