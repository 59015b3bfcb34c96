import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, OwnerBrowser, REDIRECT_URI, authorizeQuery, grantFields, pkce, register, registration as registerAs, tokenReply } from "../support/agent-oauth.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const get = (path: string, init: RequestInit = {}) => t.app.request(`${ORIGIN}${path}`, init);
const registration = (redirectUris: string[]) => registerAs(t, { redirect_uris: redirectUris, token_endpoint_auth_method: "none" });

describe("client registration: which redirect URIs a code may be sent to (RFC 8252 §7.1, §7.3)", () => {
  it.each([
    ["https with a user name and password", "https://user:secret@agent.example/cb"],
    ["https with an empty user name and password", "https://:@agent.example/cb"],
    ["loopback http with a user name", "http://user@127.0.0.1:3000/cb"],
    ["a custom scheme that is not a domain", "myapp:/cb"],
    ["a custom scheme with a one-letter top-level label", "a.b:/cb"],
    ["a custom scheme with an empty label", "com..example:/cb"],
    ["a custom scheme with a label ending in a hyphen", "com.example-:/cb"],
    ["a custom scheme with a plus", "com.example+evil:/cb"],
    ["a custom scheme whose top-level label has digits", "c0m.example:/cb"],
    ["javascript", "javascript:alert(1)"],
    ["data", "data:text/html,hi"],
    ["file", "file:///etc/passwd"],
    ["blob", "blob:https://agent.example/1"],
  ])("refuses %s", async (_name, uri) => {
    const response = await registration([uri]);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: "invalid_redirect_uri" });
  });

  it("accepts https, loopback http and a reverse-domain private-use scheme", async () => {
    const uris = ["https://agent.example/cb", "http://127.0.0.1:7000/cb", "http://[::1]/cb", "http://localhost:9/cb", "com.example.app:/oauth2redirect", "io.github.some-agent:/cb"];
    const response = await registration(uris);
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ redirect_uris: uris });
  });
});

describe("the authorization endpoint: a loopback IP redirect on any port", () => {
  async function consentFor(clientId: string, redirectUri: string) {
    const { verifier, challenge } = pkce();
    return { verifier, query: authorizeQuery(clientId, challenge, { redirect_uri: redirectUri }) };
  }

  it("accepts the registered loopback redirect on another port (or none), sends the code there, and exchanges it", async () => {
    const ws = await testWorkspace(t);
    const { client_id } = await register(t);
    for (const presented of ["http://127.0.0.1:51234/callback", "http://127.0.0.1/callback"]) {
      const { query, verifier } = await consentFor(client_id, presented);
      const first = await get(`/oauth/authorize?${query}`);
      expect(first.status, presented).toBe(302);
      const owner = await OwnerBrowser.signIn(t, ws);
      const page = await owner.get(`/dashboard/agents/authorize?${query}`);
      expect(page.status).toBe(200);
      const answer = await owner.post("/dashboard/agents/authorize", { ...Object.fromEntries(new URLSearchParams(query)), ...grantFields({}), decision: "approve" });
      const back = new URL(answer.location ?? "");
      expect(`${back.origin}${back.pathname}`).toBe(new URL(presented).href);
      const code = back.searchParams.get("code") ?? "";
      const exchanged = await tokenReply(t, { grant_type: "authorization_code", code, code_verifier: verifier, client_id, redirect_uri: presented });
      expect(exchanged.status, exchanged.text).toBe(200);
    }
  });

  it("accepts any port for [::1] too, and keeps everything but the port exact", async () => {
    const { client_id } = (await registration(["http://[::1]:8976/callback"])).body;
    const accepted = await get(`/oauth/authorize?${(await consentFor(client_id, "http://[::1]:40000/callback")).query}`);
    expect(accepted.status).toBe(302);
    for (const other of ["http://[::1]:40000/elsewhere", "http://127.0.0.1:40000/callback", "http://[::1]:40000/callback?x=1", "https://[::1]:40000/callback", "http://user@[::1]:40000/callback"]) {
      const refused = await get(`/oauth/authorize?${(await consentFor(client_id, other)).query}`);
      expect(refused.status, other).toBe(400);
      expect(refused.headers.get("location"), other).toBeNull();
    }
  });

  it("keeps the port exact for every redirect that is not loopback http", async () => {
    const { client_id } = (await registration(["https://agent.example/cb", REDIRECT_URI])).body;
    const refused = await get(`/oauth/authorize?${(await consentFor(client_id, "https://agent.example:8443/cb")).query}`);
    expect(refused.status).toBe(400);
    expect(refused.headers.get("location")).toBeNull();
  });
});
