import { describe, expect, it } from "vitest";
import { classifyFailure } from "../../src/networks/http.js";
import { linkedinAdapter } from "../../src/networks/linkedin/adapter.js";
import { linkedinDefaultApiVersion, linkedinMemberScopes, linkedinOrganizationScopes } from "../../src/networks/linkedin/capabilities.js";
import { linkedinErrorTable } from "../../src/networks/linkedin/errors.js";
import type { NetworkConfig } from "../../src/networks/types.js";
import { registerSandboxLinkedinApp } from "../../src/sandbox/linkedin/apps.js";
import type { SandboxAcl } from "../../src/sandbox/linkedin/linkedin-data.js";
import { createLinkedinSimulator } from "../../src/sandbox/linkedin/simulator.js";
import {
  apiError as failure,
  commonFaultCodes,
  connectThroughConsent,
  consentCode,
  createSandbox,
  type ErrorSample,
  expectSamplePerRow,
  expectValidCapabilities,
  required,
  type Sandbox,
} from "./harness.js";

const authorizeUrl = required(linkedinAdapter, "authorizeUrl");
const exchangeCode = required(linkedinAdapter, "exchangeCode");
const revoke = required(linkedinAdapter, "revoke");
const targets = required(linkedinAdapter, "targets");

const baseConfig: NetworkConfig = { clientId: "sandbox-li-client", clientSecret: "sandbox-li-secret", redirectUri: "https://chorus.test/v1/connect/callback/linkedin" };

/**
 * A sandbox whose LinkedIn app has `products` at the simulated portal; Chorus is told the same
 * (config.products) unless `claimed` says otherwise, as a misconfigured operator would.
 */
const setup = async (config: NetworkConfig = baseConfig, products: string[] = ["organization"], claimed: string[] = products) => {
  const ctx = createSandbox([createLinkedinSimulator], { start: "2026-11-21T12:00:00.000Z", config: { ...config, products: claimed } });
  await registerSandboxLinkedinApp(ctx.store, config.clientId, products);
  return ctx;
};

/** Consents as `handle` through the `organization` door (or `variant`) and returns the code. */
const approve = async (ctx: Sandbox, handle: string, variant = "organization") => (await consentCode(linkedinAdapter, ctx.net, { handle, variant })).code;

const connect = async (ctx: Sandbox, handle: string, variant = "organization") => (await connectThroughConsent(linkedinAdapter, ctx.net, { handle, variant })).tokens;

describe("linkedin adapter against the LinkedIn simulator", () => {
  it("publishes capabilities that fit the shared schema", () => {
    expectValidCapabilities(linkedinAdapter.capabilities);
    expect(linkedinAdapter.capabilities.text).toMatchObject({ maxLength: 3000, counting: "characters" });
    expect(linkedinAdapter.capabilities.connect.pkce).toBe(false);
  });

  it("builds the authorization URL of a confidential client: no PKCE, one product's scopes per variant", async () => {
    const ctx = await setup(baseConfig, ["member"], ["member", "organization"]);
    const url = new URL(authorizeUrl({ state: "s", codeChallenge: "c", variant: "member" }, ctx.net));
    expect(`${url.origin}${url.pathname}`).toBe("https://www.linkedin.com/oauth/v2/authorization");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: baseConfig.clientId,
      redirect_uri: baseConfig.redirectUri,
      state: "s",
      scope: "openid profile email w_member_social",
    });
    const organization = new URL(authorizeUrl({ state: "s", codeChallenge: "c", variant: "organization" }, ctx.net));
    expect(organization.searchParams.get("scope")).toBe("r_basicprofile w_member_social w_organization_social r_organization_social rw_organization_admin r_member_postAnalytics");
    // No variant: the most capable product the app has.
    expect(new URL(authorizeUrl({ state: "s", codeChallenge: "c", variant: null }, ctx.net)).searchParams.get("scope")).toBe(organization.searchParams.get("scope"));
    // Nothing configured: the self-serve products every LinkedIn app can add.
    const unconfigured = { ...ctx.net, config: baseConfig };
    expect(new URL(authorizeUrl({ state: "s", codeChallenge: "c", variant: null }, unconfigured)).searchParams.get("scope")).toBe("openid profile email w_member_social");
    expect(linkedinAdapter.connectVariants?.(undefined)).toEqual(["member"]);
    expect(linkedinAdapter.connectVariants?.(["member", "organization"])).toEqual(["organization", "member"]);
    expect(() => authorizeUrl({ state: "s", codeChallenge: "c", variant: "organization" }, unconfigured)).toThrow(/does not have the organization product/);
  });

  it("refuses a consent asking for scopes of a product the app lacks, as LinkedIn does", async () => {
    const ctx = await setup(baseConfig, ["member"], ["member", "organization"]);
    const url = authorizeUrl({ state: "state-9", codeChallenge: "c", variant: "organization" }, ctx.net);
    for (const answer of [
      await ctx.sandboxFetch(url, { redirect: "manual" }),
      await ctx.sandboxFetch(url, { method: "POST", body: new URLSearchParams({ handle: "x", decision: "approve" }), redirect: "manual" }),
    ]) {
      expect(answer.status).toBe(302);
      const back = new URL(answer.headers.get("location") ?? "");
      expect(`${back.origin}${back.pathname}`).toBe(baseConfig.redirectUri);
      expect(Object.fromEntries(back.searchParams)).toEqual({
        error: "unauthorized_scope_error",
        error_description: 'Scope "r_basicprofile" is not authorized for your application',
        state: "state-9",
      });
    }
    // The member door of the same app goes through.
    const tokens = await connect(ctx, "member.only", "member");
    expect(tokens.scopes).toEqual([...linkedinMemberScopes]);
  });

  it("connects through the organization door: /v2/me for the member (no openid), refresh without extending the refresh token", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "sandbox.member");
    expect(tokens.scopes).toEqual([...linkedinOrganizationScopes]);
    expect(tokens.expiresAt).toBe("2027-01-20T11:59:59.000Z");
    expect(tokens.refreshToken).toBeTruthy();
    expect(tokens.refreshExpiresAt).toBe("2027-11-21T11:59:59.000Z");
    const exchange = ctx.requests.find((r) => r.url === "https://www.linkedin.com/oauth/v2/accessToken");
    expect(Object.fromEntries(new URLSearchParams(exchange?.body ?? ""))).toEqual({
      grant_type: "authorization_code",
      code: expect.any(String),
      redirect_uri: baseConfig.redirectUri,
      client_id: baseConfig.clientId,
      client_secret: baseConfig.clientSecret,
    });

    const me = await linkedinAdapter.identity(tokens, ctx.net);
    expect(me).toMatchObject({ handle: "sandbox-member", displayName: "sandbox Sandbox" });
    expect(me.networkUserId).toMatch(/^sbx\w{7}$/);
    expect(ctx.requests.at(-1)?.url).toBe("https://api.linkedin.com/v2/me");

    ctx.clock.now = new Date("2027-01-25T12:00:00.000Z");
    expect((await failure(linkedinAdapter.identity(tokens, ctx.net))).code).toBe("needs_reauth");
    const refreshed = await linkedinAdapter.refresh(tokens, ctx.net);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    expect(refreshed.refreshExpiresAt).toBe(tokens.refreshExpiresAt);
    expect((await linkedinAdapter.identity(refreshed, ctx.net)).networkUserId).toBe(me.networkUserId);

    // Past the 365 days the member has to consent again.
    ctx.clock.now = new Date("2027-11-22T00:00:00.000Z");
    expect((await failure(linkedinAdapter.refresh(refreshed, ctx.net))).code).toBe("needs_reauth");
  });

  it("connects through the member door: OpenID userinfo, no refresh token and no organisation targets", async () => {
    const ctx = await setup(baseConfig, ["member"]);
    const tokens = await connect(ctx, "self.serve", "member");
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.refreshExpiresAt).toBeNull();
    const me = await linkedinAdapter.identity(tokens, ctx.net);
    expect(me).toMatchObject({ handle: "self.serve@sandbox.chorus.invalid", displayName: "self" });
    expect(ctx.requests.at(-1)?.url).toBe("https://api.linkedin.com/v2/userinfo");
    expect((await failure(linkedinAdapter.refresh(tokens, ctx.net))).code).toBe("needs_reauth");
    const before = ctx.requests.length;
    expect(await targets(tokens, ctx.net)).toEqual([]);
    expect(ctx.requests.length).toBe(before);
  });

  it("refuses a reused code with needs_reauth", async () => {
    const ctx = await setup();
    const code = await approve(ctx, "twice");
    await exchangeCode({ code, codeVerifier: "unused", variant: null }, ctx.net);
    expect((await failure(exchangeCode({ code, codeVerifier: "unused", variant: null }, ctx.net))).code).toBe("needs_reauth");
  });

  it("lists the company pages the member may post for, every posting role, with versioned Rest.li requests", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "admin");
    const found = await targets(tokens, ctx.net);
    expect(found.map((t) => [t.name, t.details.role])).toEqual([
      ["Sandbox Widgets Ltd", "ADMINISTRATOR"],
      ["Sandbox Consulting", "ADMINISTRATOR"],
      ["Sandbox Studio Media", "CONTENT_ADMINISTRATOR"],
    ]);
    for (const target of found) {
      expect(target.kind).toBe("organization");
      expect(target.id).toMatch(/^urn:li:organization:\d+$/);
    }
    expect(found[0]?.details).toEqual({ vanityName: "sandbox-admin-widgets", url: "https://www.linkedin.com/company/sandbox-admin-widgets", role: "ADMINISTRATOR" });

    const rest = ctx.requests.filter((r) => r.url.startsWith("https://api.linkedin.com/rest/"));
    expect(rest).toHaveLength(2);
    for (const request of rest) {
      expect(request.method).toBe("GET");
      expect(request.headers["linkedin-version"]).toBe(linkedinDefaultApiVersion);
      expect(request.headers["x-restli-protocol-version"]).toBe("2.0.0");
      expect(request.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
    }
    const acls = new URL(rest[0]?.url ?? "");
    expect(acls.pathname).toBe("/rest/organizationAcls");
    // Every role, not only ADMINISTRATOR: the analyst page is dropped here, not at LinkedIn.
    expect(Object.fromEntries(acls.searchParams)).toEqual({ q: "roleAssignee", state: "APPROVED", start: "0", count: "100" });
    expect(rest[1]?.url).toMatch(/^https:\/\/api\.linkedin\.com\/rest\/organizations\?ids=List\(\d+,\d+,\d+\)$/);
  });

  it("offers a page whose only posting role is DSC poster or recruiting poster, and posts there", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "poster");
    const me = await linkedinAdapter.identity(tokens, ctx.net);
    const acls = await ctx.store.list<SandboxAcl>("linkedin", "acl", { owner: me.networkUserId });
    const analyst = acls.find((a) => a.data.role === "ANALYST");
    if (!analyst) throw new Error("the sandbox member analyses a page");
    await ctx.store.put<SandboxAcl>("linkedin", "acl", analyst.id, { ...analyst.data, role: "DIRECT_SPONSORED_CONTENT_POSTER" }, me.networkUserId);
    const found = await targets(tokens, ctx.net);
    const dsc = found.find((t) => t.details.role === "DIRECT_SPONSORED_CONTENT_POSTER");
    expect(dsc?.name).toBe("Sandbox Analytics Co");
    const published = await required(linkedinAdapter, "publish")(tokens, { text: "From the DSC poster", media: [], options: {}, destination: dsc?.id ?? null, targetId: "tgt_dsc" }, ctx.net);
    expect(published.state).toBe("published");
  });

  it("sends the configured LinkedIn-Version and reports a sunset one", async () => {
    const current = await setup({ ...baseConfig, apiVersion: "202611" });
    const tokens = await connect(current, "versioned");
    expect(await targets(tokens, current.net)).toHaveLength(3);
    expect(current.requests.at(-1)?.headers["linkedin-version"]).toBe("202611");

    const sunset = await setup({ ...baseConfig, apiVersion: "202401" });
    const old = await connect(sunset, "versioned");
    const error = await failure(targets(old, sunset.net));
    expect(error.code).toBe("platform_rejected");
    expect(error.message).toContain("202401 is not active");
  });

  it("revokes the token", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "leaver");
    await revoke(tokens, ctx.net);
    const sent = ctx.requests.at(-1);
    expect(sent?.url).toBe("https://www.linkedin.com/oauth/v2/revoke");
    expect(Object.fromEntries(new URLSearchParams(sent?.body ?? ""))).toEqual({ token: tokens.accessToken, client_id: baseConfig.clientId, client_secret: baseConfig.clientSecret });
    expect((await failure(linkedinAdapter.identity(tokens, ctx.net))).code).toBe("needs_reauth");
  });

  it("turns each member fault into LinkedIn's own error and the right code", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "faulty");
    for (const [fault, code] of commonFaultCodes) {
      await ctx.setFault({ handle: "faulty" }, fault);
      expect((await failure(linkedinAdapter.identity(tokens, ctx.net))).code, fault).toBe(code);
      expect((await failure(targets(tokens, ctx.net))).code, fault).toBe(code);
    }
    await ctx.setFault({ handle: "faulty" }, "slow", 900);
    expect(await targets(tokens, ctx.net)).toHaveLength(3);
    expect(ctx.slept).toContain(900);
  });
});

describe("linkedin error table, row by row", () => {
  const rest = (status: number, code: string | null, message: string, serviceErrorCode?: number) => ({
    status,
    ...(serviceErrorCode !== undefined ? { serviceErrorCode } : {}),
    ...(code ? { code } : {}),
    message,
  });
  const samples: ErrorSample[] = [
    { status: 401, body: rest(401, "INVALID_ACCESS_TOKEN", "Invalid access token", 65600) },
    { status: 401, body: rest(401, "REVOKED_ACCESS_TOKEN", "The token used in the request has been revoked by the user", 65601) },
    { status: 401, body: rest(401, "EXPIRED_ACCESS_TOKEN", "The token used in the request has expired", 65602) },
    { status: 401, body: rest(401, null, "Unauthorized") },
    { status: 400, body: { error: "invalid_grant", error_description: "The provided authorization grant or refresh token is invalid, expired or revoked" } },
    { status: 400, body: { error: "invalid_request", error_description: "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code." } },
    { status: 403, body: rest(403, "ACCESS_DENIED", "Not enough permissions to access: partnerApiPostsExternal.CREATE.20260901", 100) },
    { status: 403, body: rest(403, null, "Member does not have permission to create content for this organization") },
    { status: 422, body: rest(422, null, "Content is a duplicate of urn:li:share:7000000000000000000") },
    { status: 429, body: rest(429, "TOO_MANY_REQUESTS", "Resource level throttle APPLICATION DAY limit for calls to this resource is reached.") },
    { status: 426, body: rest(426, "NONEXISTENT_VERSION", "Requested version 202401 is not active") },
  ];

  it("has one realistic sample per row, and each sample lands on its row", () => {
    expectSamplePerRow(linkedinErrorTable, samples);
  });

  it("passes LinkedIn's validation messages through and treats 5xx as unavailable", () => {
    const invalid = classifyFailure(linkedinErrorTable, { status: 422, headers: new Headers(), body: rest(422, "UNPROCESSABLE_ENTITY", "ERROR :: /commentary :: is required") }, new Date());
    expect(invalid).toMatchObject({ code: "platform_rejected", message: "ERROR :: /commentary :: is required", fix: null });
    expect(classifyFailure(linkedinErrorTable, { status: 504, headers: new Headers(), body: "<html>Gateway Timeout</html>" }, new Date()).code).toBe("platform_unavailable");
  });
});
