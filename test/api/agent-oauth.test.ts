import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { agents, oauthTokens } from "../../src/db/schema/index.js";
import { ORIGIN, OwnerBrowser, REDIRECT_URI, approvedAgent, authorizeQuery, grantFields, grantTokens, pkce, register, registration, tokenReply } from "../support/agent-oauth.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { reply, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const get = (path: string, init: RequestInit = {}) => t.app.request(`${ORIGIN}${path}`, init);
const bearer = (tokenValue: string) => ({ headers: { authorization: `Bearer ${tokenValue}` } });

describe("discovery (RFC 9728, RFC 8414)", () => {
  it("publishes the MCP endpoint's protected-resource metadata at both well-known paths, naming this server as its authorization server", async () => {
    for (const path of ["/.well-known/oauth-protected-resource/v1/mcp", "/.well-known/oauth-protected-resource"]) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      const { body } = await reply<Record<string, unknown>>(response);
      expect(body.resource).toBe(`${ORIGIN}/v1/mcp`);
      expect(body.authorization_servers).toEqual([ORIGIN]);
      expect(body.bearer_methods_supported).toEqual(["header"]);
    }
  });

  it("publishes authorization-server metadata with PKCE S256 only, DCR, revocation and the iss response parameter", async () => {
    const { body } = await reply<Record<string, unknown>>(await get("/.well-known/oauth-authorization-server"));
    expect(body).toMatchObject({
      issuer: ORIGIN,
      authorization_endpoint: `${ORIGIN}/oauth/authorize`,
      token_endpoint: `${ORIGIN}/oauth/token`,
      registration_endpoint: `${ORIGIN}/oauth/register`,
      revocation_endpoint: `${ORIGIN}/oauth/revoke`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it("challenges an unauthenticated /v1/mcp call with the metadata URL (RFC 9728 §5.1)", async () => {
    const response = await get("/v1/mcp", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(`Bearer realm="chorus", resource_metadata="${ORIGIN}/.well-known/oauth-protected-resource/v1/mcp"`);
  });
});

describe("dynamic client registration (RFC 7591)", () => {
  it("registers a public client and a confidential one (the secret shown once)", async () => {
    const open = await register(t);
    expect(open.client_id).toMatch(/^oc_/);
    expect(open.client_secret).toBeUndefined();
    const confidential = await register(t, { token_endpoint_auth_method: "client_secret_post" });
    expect(confidential.client_secret).toMatch(/^ocs_/);
  });

  it("refuses redirect URIs that could leak a code, and grant types it does not offer", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ redirect_uris: ["http://evil.example/cb"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["https://ok.example/cb#frag"] }, "invalid_redirect_uri"],
      [{ redirect_uris: ["javascript:alert(1)"] }, "invalid_redirect_uri"],
      [{ redirect_uris: [] }, "invalid_redirect_uri"],
      [{ grant_types: ["client_credentials"] }, "invalid_client_metadata"],
      [{ token_endpoint_auth_method: "private_key_jwt" }, "invalid_client_metadata"],
    ];
    for (const [body, error] of cases) {
      const response = await registration(t, { redirect_uris: [REDIRECT_URI], ...body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toMatchObject({ error });
    }
  });
});

describe("the authorization endpoint and the consent page", () => {
  it("shows a page (never a redirect) for an unknown client or an unregistered redirect URI", async () => {
    const { client_id } = await register(t);
    const { challenge } = pkce();
    const unknown = await get(`/oauth/authorize?${authorizeQuery("oc_000000000000000000000000", challenge)}`);
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get("location")).toBeNull();
    const elsewhere = await get(`/oauth/authorize?${authorizeQuery(client_id, challenge, { redirect_uri: "https://attacker.example/cb" })}`);
    expect(elsewhere.status).toBe(400);
    expect(await elsewhere.text()).toContain("redirect_uri");
  });

  it("sends PKCE refusals back to the client: no challenge, or plain", async () => {
    const { client_id } = await register(t);
    const noChallenge = new URLSearchParams(authorizeQuery(client_id, "x"));
    noChallenge.delete("code_challenge");
    for (const query of [noChallenge.toString(), authorizeQuery(client_id, pkce().challenge, { code_challenge_method: "plain" })]) {
      const response = await get(`/oauth/authorize?${query}`);
      expect(response.status).toBe(302);
      const back = new URL(response.headers.get("location") ?? "");
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
      expect(back.searchParams.get("error")).toBe("invalid_request");
      expect(back.searchParams.get("state")).toBe("st-123");
      expect(back.searchParams.get("iss")).toBe(ORIGIN);
    }
  });

  it("without a dashboard session, the consent page says how the owner signs in, and grants nothing", async () => {
    const { client_id } = await register(t);
    const first = await get(`/oauth/authorize?${authorizeQuery(client_id, pkce().challenge)}`);
    const page = await get(first.headers.get("location") ?? "");
    expect(page.status).toBe(401);
    const html = await page.text();
    expect(html).toContain("Sign in to answer the agent");
    expect(html).toContain("app-link");
    const posted = await get("/dashboard/agents/authorize", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: authorizeQuery(client_id, pkce().challenge) + "&decision=approve",
    });
    expect(posted.status).toBe(401);
  });

  it("the owner's session sees the agent's name, the workspace's brands, and a form whose CSRF token is required", async () => {
    const ws = await testWorkspace(t);
    await ws.post("/v1/profiles", { username: "acme" });
    const { client_id } = await register(t, { client_name: "Helpful Agent" });
    const query = authorizeQuery(client_id, pkce().challenge);
    const owner = await OwnerBrowser.signIn(t, ws);
    const page = await owner.get(`/dashboard/agents/authorize?${query}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Helpful Agent");
    expect(page.html).toContain("acme");
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self' http://127.0.0.1:8976");
    const forged = await owner.post("/dashboard/agents/authorize", { ...Object.fromEntries(new URLSearchParams(query)), ...grantFields({}), decision: "approve" }, { csrf: "forged" });
    expect(forged.status).toBe(403);
    expect((await t.db.select().from(agents).where(eq(agents.workspaceId, ws.id))).length).toBe(0);
  });

  it("deny sends access_denied back with the state, and stores no agent", async () => {
    const ws = await testWorkspace(t);
    const { client_id } = await register(t);
    const query = authorizeQuery(client_id, pkce().challenge);
    const owner = await OwnerBrowser.signIn(t, ws);
    await owner.get(`/dashboard/agents/authorize?${query}`);
    const answer = await owner.post("/dashboard/agents/authorize", { ...Object.fromEntries(new URLSearchParams(query)), decision: "deny" });
    expect(answer.status).toBe(303);
    const back = new URL(answer.location ?? "");
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("st-123");
    expect((await t.db.select().from(agents).where(eq(agents.workspaceId, ws.id))).length).toBe(0);
  });

  it("refuses a grant naming another workspace's brand, storing nothing", async () => {
    const ws = await testWorkspace(t);
    const other = await testWorkspace(t);
    const theirs = (await other.post("/v1/profiles", { username: "theirs" })).body;
    const { client_id } = await register(t);
    const query = authorizeQuery(client_id, pkce().challenge);
    const owner = await OwnerBrowser.signIn(t, ws);
    await owner.get(`/dashboard/agents/authorize?${query}`);
    const answer = await owner.post("/dashboard/agents/authorize", { ...Object.fromEntries(new URLSearchParams(query)), ...grantFields({ profiles: [theirs.id] }), decision: "approve" });
    expect(answer.status).toBe(404);
    expect((await t.db.select().from(agents).where(eq(agents.workspaceId, ws.id))).length).toBe(0);
  });
});

describe("the token endpoint", () => {
  async function codeFor(wsGrant = {}) {
    const ws = await testWorkspace(t);
    const { client_id } = await register(t);
    const { verifier, challenge } = pkce();
    const query = authorizeQuery(client_id, challenge);
    const owner = await OwnerBrowser.signIn(t, ws);
    await owner.get(`/dashboard/agents/authorize?${query}`);
    const answer = await owner.post("/dashboard/agents/authorize", { ...Object.fromEntries(new URLSearchParams(query)), ...grantFields(wsGrant), decision: "approve" });
    const back = new URL(answer.location ?? "");
    expect(back.searchParams.get("iss")).toBe(ORIGIN);
    return { ws, clientId: client_id, verifier, code: back.searchParams.get("code") ?? "" };
  }

  it("exchanges a code only with its PKCE verifier; a wrong verifier spends the code", async () => {
    const { clientId, code, verifier } = await codeFor();
    const wrong = await tokenReply(t, { grant_type: "authorization_code", code, code_verifier: pkce().verifier, client_id: clientId, redirect_uri: REDIRECT_URI });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: "invalid_grant" });
    const right = await tokenReply(t, { grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT_URI });
    expect(right.status).toBe(400);
  });

  it("issues a one-hour access token and a refresh token, stored hashed; replaying the code revokes them", async () => {
    const { clientId, code, verifier } = await codeFor();
    const first = await tokenReply(t, { grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT_URI });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const tokens = first.body;
    expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 3600 });
    const stored = await t.db.select({ hash: oauthTokens.tokenHash }).from(oauthTokens);
    expect(stored.some((row) => row.hash === tokens.access_token || row.hash === tokens.refresh_token)).toBe(false);
    expect((await get("/v1/me", bearer(tokens.access_token))).status).toBe(200);
    const replay = await tokenReply(t, { grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT_URI });
    expect(replay.status).toBe(400);
    t.clock.advance(10_000);
    expect((await get("/v1/me", bearer(tokens.access_token))).status).toBe(401);
  });

  it("refuses another client's code, an expired code, and an unknown grant type", async () => {
    const { clientId, code, verifier } = await codeFor();
    const stranger = await register(t);
    const other = await tokenReply(t, { grant_type: "authorization_code", code, code_verifier: verifier, client_id: stranger.client_id, redirect_uri: REDIRECT_URI });
    expect(other.body).toMatchObject({ error: "invalid_grant" });
    const late = await codeFor();
    t.clock.advance(61_000);
    const expired = await tokenReply(t, { grant_type: "authorization_code", code: late.code, code_verifier: late.verifier, client_id: late.clientId, redirect_uri: REDIRECT_URI });
    expect(expired.body).toMatchObject({ error: "invalid_grant" });
    const password = await tokenReply(t, { grant_type: "password", client_id: clientId });
    expect(password.body).toMatchObject({ error: "unsupported_grant_type" });
    const unknownClient = await tokenReply(t, { grant_type: "refresh_token", refresh_token: "x", client_id: "oc_000000000000000000000000" });
    expect(unknownClient.status).toBe(401);
  });

  it("rotates refresh tokens; presenting a used one revokes the whole family", async () => {
    const ws = await testWorkspace(t);
    const { clientId, tokens } = await approvedAgent(t, ws, {});
    const rotated = await tokenReply(t, { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId });
    expect(rotated.status).toBe(200);
    const next = rotated.body;
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await get("/v1/me", bearer(next.access_token))).status).toBe(200);
    const reused = await tokenReply(t, { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ error: "invalid_grant" });
    expect((await get("/v1/me", bearer(next.access_token))).status).toBe(401);
    const afterFamily = await tokenReply(t, { grant_type: "refresh_token", refresh_token: next.refresh_token, client_id: clientId });
    expect(afterFamily.status).toBe(400);
  });

  it("authenticates a confidential client by its secret", async () => {
    const ws = await testWorkspace(t);
    const client = await register(t, { token_endpoint_auth_method: "client_secret_basic" });
    const { verifier, challenge } = pkce();
    const query = authorizeQuery(client.client_id, challenge);
    const owner = await OwnerBrowser.signIn(t, ws);
    await owner.get(`/dashboard/agents/authorize?${query}`);
    const answer = await owner.post("/dashboard/agents/authorize", { ...Object.fromEntries(new URLSearchParams(query)), ...grantFields({}), decision: "approve" });
    const code = new URL(answer.location ?? "").searchParams.get("code") ?? "";
    const form = { grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT_URI };
    const noSecret = await tokenReply(t, { ...form, client_id: client.client_id });
    expect(noSecret.status).toBe(401);
    const basic = `Basic ${Buffer.from(`${client.client_id}:${client.client_secret ?? ""}`).toString("base64")}`;
    const ok = await tokenReply(t, form, { authorization: basic });
    // Client authentication comes before the code is looked at, so the refused attempt did not spend it.
    expect(ok.status, ok.text).toBe(200);
  });

  it("revokes an access token alone, or a refresh token with its family (RFC 7009)", async () => {
    const ws = await testWorkspace(t);
    const { clientId, tokens } = await approvedAgent(t, ws, {});
    const revoke = (value: string) =>
      get("/oauth/revoke", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ token: value, client_id: clientId }).toString() });
    expect((await revoke(tokens.access_token)).status).toBe(200);
    expect((await get("/v1/me", bearer(tokens.access_token))).status).toBe(401);
    const refreshed = await grantTokens(t, { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId });
    expect((await get("/v1/me", bearer(refreshed.access_token))).status).toBe(200);
    expect((await revoke(refreshed.refresh_token)).status).toBe(200);
    expect((await get("/v1/me", bearer(refreshed.access_token))).status).toBe(401);
    expect((await revoke("cat_unknown")).status).toBe(200);
  });

  it("an access token expires after an hour", async () => {
    const ws = await testWorkspace(t);
    const { tokens } = await approvedAgent(t, ws, {});
    t.clock.advance(3600_000 + 10_000);
    const response = await get("/v1/me", bearer(tokens.access_token));
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });
});

describe("the dashboard's Agents page", () => {
  it("lists the workspace's agents with their grant, and revokes one with the session's CSRF token", async () => {
    const ws = await testWorkspace(t);
    const { tokens, owner, agentId } = await approvedAgent(t, ws, { actions: ["read", "draft"], creditsPerDay: 3 });
    const other = await testWorkspace(t);
    const theirs = await approvedAgent(t, other, {});
    const page = await owner.get("/dashboard/developers/agents");
    expect(page.status).toBe(200);
    expect(page.html).toContain("Test agent");
    expect(page.html).toContain("read, draft");
    expect(page.html).toContain("0 of 3");
    expect(page.html).not.toContain(theirs.agentId);
    const forged = await owner.post(`/dashboard/agents/${agentId}/revoke`, {}, { csrf: "forged" });
    expect(forged.status).toBe(403);
    expect((await get("/v1/me", bearer(tokens.access_token))).status).toBe(200);
    const elsewhere = await owner.post(`/dashboard/agents/${theirs.agentId}/revoke`, { confirmed: "yes" });
    expect(elsewhere.status).toBe(404);
    expect((await get("/v1/me", bearer(theirs.tokens.access_token))).status).toBe(200);
    const revoked = await owner.post(`/dashboard/agents/${agentId}/revoke`, { confirmed: "yes" });
    expect(revoked.status).toBe(303);
    expect((await get("/v1/me", bearer(tokens.access_token))).status).toBe(401);
    expect((await owner.get("/dashboard/developers/agents?done=agentRevoked")).html).toContain("No agent acts for this workspace.");
  });
});
