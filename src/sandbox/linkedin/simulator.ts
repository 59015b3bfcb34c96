import { type Context, Hono } from "hono";
import { UNMATCHED_HEADER } from "../sandbox-fetch.js";
import { mountConsentPage, redeemAuthCode } from "../oauth-consent.js";
import { checkToken, issueTokens, revokeToken, seedSandboxAccount } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps, SimulatorFactory } from "../types.js";
import { registerSandboxLinkedinApp, unauthorizedScope } from "./apps.js";
import { authorizeMember } from "./auth.js";
import { mountMediaRoutes } from "./media.js";
import { mountPostRoutes } from "./posts.js";
import { mountPostEdits } from "./post-edits.js";
import { mountStatistics } from "./statistics.js";
import { mountVideoAnalytics } from "./video-analytics.js";
import { organizationsByVanityName } from "./organization-lookup.js";
import { mountReactionRoutes } from "./reactions.js";
import { mountCommentRoutes } from "./comments.js";
import { mountNotificationRoutes, simulateLinkedinActivity } from "./notifications.js";
import { type SandboxAcl, type SandboxOrganization, ensureOrganizations, memberId, organizationResource, restError, versionProblem } from "./linkedin-data.js";

/**
 * LinkedIn test double: the authorization page (refusing scopes outside the app's products,
 * apps.ts), the accessToken and revoke endpoints (form bodies, LinkedIn's OAuth errors), OpenID
 * userinfo, the basic profile (/v2/me), and the versioned REST reads the adapter
 * makes (organizationAcls roleAssignee finder, organizations BATCH_GET) with LinkedIn-Version and
 * Rest.li 2.0 checks, and publishing: the Images and Videos APIs (media.ts) and the Posts API
 * (posts.ts). Refresh tokens go to "approved" apps, which the sandbox recognises by the
 * Community Management scopes they ask for, as LinkedIn only grants those to approved apps too.
 */
const ACCESS_SECONDS = 5_183_999;
const REFRESH_SECONDS = 31_535_999;
const partnerScopes = ["w_organization_social", "r_organization_social", "rw_organization_admin", "r_organization_admin"];
const aclScopes = ["rw_organization_admin", "r_organization_admin"];
const codeError = "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists";

export const createLinkedinSimulator: SimulatorFactory = (deps: SimulatorDeps) => {
  const app = new Hono();

  const seedAccount = async (input: { handle: string }): Promise<SandboxAccount> => {
    const member = await seedSandboxAccount(deps, "linkedin", input, memberId);
    await ensureOrganizations(deps, member);
    return member;
  };

  mountConsentPage(app, deps, { platform: "linkedin", path: "/oauth/v2/authorization", seedAccount, refuseScopes: (clientId, scopes) => unauthorizedScope(deps, clientId, scopes) });

  const oauthError = (c: Context, status: 400 | 401, error: string, description: string) => c.json({ error, error_description: description }, status);
  const field = (form: Record<string, unknown>, name: string) => (typeof form[name] === "string" ? (form[name] as string) : null);

  app.post("/oauth/v2/accessToken", async (c) => {
    const form = await c.req.parseBody();
    const clientId = field(form, "client_id");
    if (!clientId || !field(form, "client_secret")) return oauthError(c, 401, "invalid_client", "Client authentication failed");
    const grantType = field(form, "grant_type");
    if (grantType === "authorization_code") {
      const code = field(form, "code");
      const redirectUri = field(form, "redirect_uri");
      if (!code || !redirectUri) return oauthError(c, 400, "invalid_request", 'A required parameter "code" or "redirect_uri" is missing');
      const redeemed = await redeemAuthCode(deps, "linkedin", { code, clientId, redirectUri, codeVerifier: field(form, "code_verifier") });
      if (!redeemed.ok) return oauthError(c, 400, "invalid_request", codeError);
      const scopes = redeemed.code.scopes;
      const withRefresh = scopes.some((s) => partnerScopes.includes(s));
      const issued = await issueTokens(deps, "linkedin", redeemed.code.accountId, scopes, { accessSeconds: ACCESS_SECONDS, refreshSeconds: REFRESH_SECONDS, withRefresh, prefix: "sandbox-AQ" });
      return c.json({
        access_token: issued.accessToken,
        expires_in: ACCESS_SECONDS,
        ...(issued.refreshToken ? { refresh_token: issued.refreshToken, refresh_token_expires_in: REFRESH_SECONDS } : {}),
        scope: scopes.join(","),
        token_type: "Bearer",
      });
    }
    if (grantType === "refresh_token") {
      const token = field(form, "refresh_token");
      const check = await checkToken(deps, "linkedin", token, "refresh");
      if (!token || !check.ok) return oauthError(c, 400, "invalid_grant", "The provided authorization grant or refresh token is invalid, expired or revoked");
      const issued = await issueTokens(deps, "linkedin", check.account.id, check.token.scopes, { accessSeconds: ACCESS_SECONDS, refreshSeconds: null, withRefresh: false, prefix: "sandbox-AQ" });
      // The same refresh token comes back with what is left of its 365 days: refreshing never extends it.
      const left = check.token.expiresAt ? Math.floor((new Date(check.token.expiresAt).getTime() - deps.now().getTime()) / 1000) : REFRESH_SECONDS;
      return c.json({ access_token: issued.accessToken, expires_in: ACCESS_SECONDS, refresh_token: token, refresh_token_expires_in: left, scope: check.token.scopes.join(",") });
    }
    return oauthError(c, 400, "unsupported_grant_type", `grant_type ${grantType ?? ""} is not supported`);
  });

  app.post("/oauth/v2/revoke", async (c) => {
    const form = await c.req.parseBody();
    if (!field(form, "client_id") || !field(form, "client_secret")) return oauthError(c, 401, "invalid_client", "Client authentication failed");
    const token = field(form, "token");
    if (!token) return oauthError(c, 400, "invalid_request", 'A required parameter "token" is missing');
    // RFC 7009: an unknown token is not an error.
    await revokeToken(deps, "linkedin", token);
    return c.body(null, 200);
  });

  app.get("/v2/userinfo", async (c) => {
    const auth = await authorizeMember(c, deps, "GET /userinfo", ["openid"]);
    if (auth instanceof Response) return auth;
    const { member, scopes } = auth;
    return c.json({
      sub: member.id,
      ...(scopes.includes("profile") ? { name: member.displayName, given_name: member.displayName, family_name: "Sandbox", picture: member.avatarUrl, locale: { country: "US", language: "en" } } : {}),
      ...(scopes.includes("email") ? { email: member.handle.includes("@") ? member.handle : `${member.handle}@sandbox.chorus.invalid`, email_verified: true } : {}),
    });
  });

  // Profile API: the member's basic profile under r_basicprofile (what Community Management apps have instead of OpenID).
  app.get("/v2/me", async (c) => {
    const auth = await authorizeMember(c, deps, "GET /me", ["r_basicprofile", "r_liteprofile"]);
    if (auth instanceof Response) return auth;
    const { member } = auth;
    const vanity = member.handle.replace(/[^A-Za-z0-9-]+/g, "-").toLowerCase();
    return c.json({
      id: member.id,
      localizedFirstName: member.displayName,
      localizedLastName: "Sandbox",
      firstName: { localized: { en_US: member.displayName }, preferredLocale: { country: "US", language: "en" } },
      lastName: { localized: { en_US: "Sandbox" }, preferredLocale: { country: "US", language: "en" } },
      vanityName: vanity,
      localizedHeadline: "Simulated LinkedIn member (Chorus sandbox)",
    });
  });

  // Every versioned call needs a live LinkedIn-Version and the Rest.li 2.0 protocol header.
  app.use("/rest/*", async (c, next) => {
    const version = c.req.header("linkedin-version");
    const problem = versionProblem(version, deps.now());
    if (problem === "missing") return restError(c, 400, "VERSION_MISSING", "A version must be present. Please specify a version by adding the LinkedIn-Version header.");
    if (problem === "inactive") return restError(c, 426, "NONEXISTENT_VERSION", `Requested version ${version ?? ""} is not active`);
    if (c.req.header("x-restli-protocol-version") !== "2.0.0") return restError(c, 400, "ILLEGAL_ARGUMENT", "Invalid query parameters passed to request");
    await next();
  });

  app.get("/rest/organizationAcls", async (c) => {
    const version = c.req.header("linkedin-version") ?? "";
    const auth = await authorizeMember(c, deps, `organizationAcls.FINDER-roleAssignee.${version}`, aclScopes);
    if (auth instanceof Response) return auth;
    if (c.req.query("q") !== "roleAssignee") return restError(c, 400, "ILLEGAL_ARGUMENT", "Invalid query parameters passed to request");
    const start = Number(c.req.query("start") ?? "0");
    const count = Number(c.req.query("count") ?? "10");
    if (!Number.isInteger(start) || start < 0 || !Number.isInteger(count) || count < 0) return restError(c, 400, "ILLEGAL_ARGUMENT", "Invalid query parameters passed to request");
    const role = c.req.query("role");
    const state = c.req.query("state");
    const acls = (await deps.store.list<SandboxAcl>("linkedin", "acl", { owner: auth.member.id }))
      .map((r) => r.data)
      .filter((a) => (role === undefined || a.role === role) && (state === undefined || a.state === state))
      .sort((a, b) => a.position - b.position);
    const page = acls.slice(start, start + count);
    return c.json({
      paging: { start, count, links: [], total: acls.length },
      elements: page.map((a) => ({ roleAssignee: `urn:li:person:${auth.member.id}`, state: a.state, role: a.role, organization: `urn:li:organization:${a.organizationId}` })),
    });
  });

  app.get("/rest/organizations", async (c) => {
    if (c.req.query("q") === "vanityName") return organizationsByVanityName(c, deps);
    const version = c.req.header("linkedin-version") ?? "";
    const auth = await authorizeMember(c, deps, `organizations.BATCH_GET.${version}`, [...aclScopes, "r_organization_social", "w_organization_social"]);
    if (auth instanceof Response) return auth;
    // Rest.li 2.0 sends the list syntax raw; an encoded `List%28…%29` is not a list.
    const raw = new URL(c.req.url).search;
    const list = /[?&]ids=List\(([^)]*)\)/.exec(raw)?.[1];
    if (list === undefined) return restError(c, 400, "ILLEGAL_ARGUMENT", "Invalid query parameters passed to request");
    const results: Record<string, unknown> = {};
    const statuses: Record<string, number> = {};
    const errors: Record<string, unknown> = {};
    for (const id of list
      .split(",")
      .map((s) => decodeURIComponent(s))
      .filter(Boolean)) {
      const found = await deps.store.get<SandboxOrganization>("linkedin", "organization", id);
      if (found) {
        results[id] = organizationResource(found.data);
        statuses[id] = 200;
      } else {
        statuses[id] = 404;
        errors[id] = { status: 404, message: `Organization ${id} not found` };
      }
    }
    return c.json({ results, statuses, errors });
  });

  mountMediaRoutes(app, deps);
  mountPostRoutes(app, deps);
  mountPostEdits(app, deps);
  mountStatistics(app, deps);
  mountVideoAnalytics(app, deps);
  mountReactionRoutes(app, deps);
  mountCommentRoutes(app, deps);
  mountNotificationRoutes(app, deps);

  app.notFound((c) => {
    c.header(UNMATCHED_HEADER, "1");
    return restError(c, 404, "NOT_FOUND", `No resource found for ${c.req.method} ${new URL(c.req.url).pathname}`);
  });

  const registerApp = (input: { clientId: string; products: string[] }) => registerSandboxLinkedinApp(deps.store, input.clientId, input.products);
  return {
    platform: "linkedin",
    hosts: ["www.linkedin.com", "api.linkedin.com"],
    app,
    seedAccount,
    registerApp,
    simulateActivity: (input) => simulateLinkedinActivity(deps, (handle) => seedAccount({ handle }), input),
  };
};
