import { type Context, Hono } from "hono";
import { applyLatencyFaults, checkToken, numericId, seedSandboxAccount } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps, SimulatorFactory } from "../types.js";
import { mountGoogleOAuth } from "../google/oauth-sim.js";
import { bearerToken, decodePageToken, googleRpcErrorBody, insufficientScopesMessage, invalidCredentialsMessage, paginate, unmatched } from "../google/wire.js";
import { type SandboxBusinessAccount, type SandboxLocation, accountResource, applyReadMask, ensureBusinessData, locationResource } from "./business-data.js";
import { mountLocalPosts, V4_SERVICE } from "./local-posts.js";
import { mountPerformance, PERFORMANCE_SERVICE } from "./performance.js";
import { mountReviews, simulateReview } from "./reviews.js";

/**
 * Google Business Profile test double: Google's OAuth server (shared with the youtube
 * simulator), OpenID userinfo, Account Management `accounts.list`, Business Information
 * `accounts.locations.list` with readMask, page tokens and google.rpc.Status errors, and the v4
 * local posts (local-posts.ts).
 */
const manageScopes = ["https://www.googleapis.com/auth/business.manage", "https://www.googleapis.com/auth/plus.business.manage"];
const ACCOUNTS_SERVICE = "mybusinessaccountmanagement.googleapis.com";
const LOCATIONS_SERVICE = "mybusinessbusinessinformation.googleapis.com";
const hosts = ["accounts.google.com", "oauth2.googleapis.com", "openidconnect.googleapis.com", ACCOUNTS_SERVICE, LOCATIONS_SERVICE, V4_SERVICE, PERFORMANCE_SERVICE];

type Authorized = { person: SandboxAccount; scopes: string[] };

export const createGooglebusinessSimulator: SimulatorFactory = (deps: SimulatorDeps) => {
  const app = new Hono();

  const seedAccount = async (input: { handle: string }): Promise<SandboxAccount> => {
    const local = input.handle.trim().replace(/^@/, "").split("@")[0] ?? input.handle;
    const person = await seedSandboxAccount(deps, "googlebusiness", { handle: input.handle, displayName: local }, () => numericId(21));
    await ensureBusinessData(deps, person);
    return person;
  };

  mountGoogleOAuth(app, deps, { platform: "googlebusiness", ownsScopes: (scopes) => scopes.some((s) => manageScopes.includes(s)), seedAccount });

  /** Google's auth layer, the account's faults, then business.manage for the v1 APIs. */
  async function authorize(c: Context, service: string, needManage: boolean): Promise<Authorized | Response> {
    const check = await checkToken(deps, "googlebusiness", bearerToken(c));
    if (!check.ok) {
      c.header("www-authenticate", 'Bearer realm="https://accounts.google.com/", error="invalid_token"');
      if (service === "openidconnect.googleapis.com") return c.json({ error: "invalid_request", error_description: "Invalid Credentials" }, 401);
      return c.json(googleRpcErrorBody(401, invalidCredentialsMessage, check.reason === "missing" ? "CREDENTIALS_MISSING" : "ACCESS_TOKEN_EXPIRED", service), 401);
    }
    const person = check.account;
    if ((await applyLatencyFaults(deps, person, c.req.raw.signal)) === "down") return c.json(googleRpcErrorBody(503, "The service is currently unavailable.", null, service), 503);
    if (person.fault === "rate_limited") {
      const message = `Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service '${service}' for consumer 'project_number:000000000000'.`;
      const metadata = { quota_metric: `${service}/default_requests`, quota_limit: "DefaultRequestsPerMinutePerProject", quota_limit_value: "300", consumer: "projects/000000000000" };
      return c.json(googleRpcErrorBody(429, message, "RATE_LIMIT_EXCEEDED", service, { metadata }), 429);
    }
    if (needManage && (person.fault === "revoked_permission" || !check.token.scopes.some((s) => manageScopes.includes(s)))) {
      c.header("www-authenticate", 'Bearer realm="https://accounts.google.com/", error="insufficient_scope"');
      return c.json(googleRpcErrorBody(403, insufficientScopesMessage, "ACCESS_TOKEN_SCOPE_INSUFFICIENT", service), 403);
    }
    return { person, scopes: check.token.scopes };
  }

  function pageArgs(c: Context, service: string, max: number, fallback: number): { offset: number; size: number } | Response {
    const raw = c.req.query("pageSize");
    const asked = raw === undefined ? fallback : Number(raw);
    const offset = decodePageToken(c.req.query("pageToken"));
    if (!Number.isInteger(asked) || asked < 0 || offset === null) {
      return c.json(googleRpcErrorBody(400, "Request contains an invalid argument.", null, service), 400);
    }
    // Google coerces page sizes above the maximum (and 0 means the default).
    return { offset, size: asked === 0 ? fallback : Math.min(asked, max) };
  }

  app.get("/v1/userinfo", async (c) => {
    const auth = await authorize(c, "openidconnect.googleapis.com", false);
    if (auth instanceof Response) return auth;
    const { person, scopes } = auth;
    // Claims follow the granted scopes, as Google's userinfo does.
    return c.json({
      sub: person.id,
      ...(scopes.includes("profile") ? { name: person.displayName, given_name: person.displayName, picture: person.avatarUrl } : {}),
      ...(scopes.includes("email") ? { email: person.handle.includes("@") ? person.handle : `${person.handle}@sandbox.chorus.invalid`, email_verified: true } : {}),
    });
  });

  app.get("/v1/accounts", async (c) => {
    const auth = await authorize(c, ACCOUNTS_SERVICE, true);
    if (auth instanceof Response) return auth;
    const paging = pageArgs(c, ACCOUNTS_SERVICE, 20, 20);
    if (paging instanceof Response) return paging;
    const typeFilter = /^type\s*=\s*(\w+)$/.exec(c.req.query("filter") ?? "")?.[1];
    // The personal account always comes first.
    const accounts = (await deps.store.list<SandboxBusinessAccount>("googlebusiness", "business_account", { owner: auth.person.id }))
      .map((r) => r.data)
      .filter((a) => !typeFilter || a.type === typeFilter)
      .sort((a, b) => Number(b.type === "PERSONAL") - Number(a.type === "PERSONAL"));
    const { page, nextPageToken } = paginate(accounts, paging.offset, paging.size);
    return c.json({ accounts: page.map(accountResource), ...(nextPageToken ? { nextPageToken } : {}) });
  });

  app.get("/v1/accounts/:accountId/locations", async (c) => {
    const auth = await authorize(c, LOCATIONS_SERVICE, true);
    if (auth instanceof Response) return auth;
    const readMask = c.req.query("readMask");
    if (!readMask) {
      const violation = { "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: [{ field: "read_mask", description: "Field is required" }] };
      return c.json(googleRpcErrorBody(400, "Request contains an invalid argument.", null, LOCATIONS_SERVICE, { details: [violation] }), 400);
    }
    const account = await deps.store.get<SandboxBusinessAccount>("googlebusiness", "business_account", c.req.param("accountId"));
    if (!account || account.owner !== auth.person.id) return c.json(googleRpcErrorBody(403, "The caller does not have permission", null, LOCATIONS_SERVICE), 403);
    const paging = pageArgs(c, LOCATIONS_SERVICE, 100, 10);
    if (paging instanceof Response) return paging;
    const locations = (await deps.store.list<SandboxLocation>("googlebusiness", "location", { owner: auth.person.id }))
      .map((r) => r.data)
      .filter((l) => l.accountId === account.id)
      // A stable order, as Google's (title is one of its orderBy fields).
      .sort((a, b) => a.title.localeCompare(b.title));
    const { page, nextPageToken } = paginate(locations, paging.offset, paging.size);
    const shaped: Record<string, unknown>[] = [];
    for (const location of page) {
      const masked = applyReadMask(locationResource(location), readMask);
      if ("unknown" in masked) {
        const violation = {
          "@type": "type.googleapis.com/google.rpc.BadRequest",
          fieldViolations: masked.unknown.map((f) => ({ field: "read_mask", description: `Invalid field mask provided: ${f}` })),
        };
        return c.json(googleRpcErrorBody(400, "Request contains an invalid argument.", null, LOCATIONS_SERVICE, { details: [violation] }), 400);
      }
      shaped.push(masked.value);
    }
    return c.json({ locations: shaped, ...(nextPageToken ? { nextPageToken } : {}) });
  });

  mountLocalPosts(app, deps, { authorize });
  mountPerformance(app, deps, { authorize });
  mountReviews(app, deps, { authorize });

  app.notFound((c) => unmatched(c, googleRpcErrorBody(404, "Requested entity was not found.", null, "googleapis.com"), 404));

  return { platform: "googlebusiness", hosts, app, seedAccount, simulateActivity: (input) => simulateReview(deps, (handle) => seedAccount({ handle }), input) };
};
