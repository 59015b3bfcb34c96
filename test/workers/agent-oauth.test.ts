/**
 * The agents' OAuth flow inside workerd (src/worker.ts, Neon through the ws proxy): metadata,
 * registration, the owner's consent in a dashboard session, the PKCE exchange with Web Crypto
 * alone, and the agent's token on /v1/mcp.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/agent-oauth.test] skipped: ${skipReason}`);

const BASE = "https://chorus.test";
const REDIRECT = "http://127.0.0.1:8976/callback";

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

describe.skipIf(skipReason)("agent OAuth in workerd", () => {
  it("registers, is approved by the owner, exchanges its code with PKCE and calls a tool with its token", async () => {
    const resource = (await (await SELF.fetch(`${BASE}/.well-known/oauth-protected-resource/v1/mcp`)).json()) as { authorization_servers: string[] };
    const issuer = resource.authorization_servers[0] ?? "";
    const server = (await (await SELF.fetch(`${issuer}/.well-known/oauth-authorization-server`)).json()) as { code_challenge_methods_supported: string[] };
    expect(server.code_challenge_methods_supported).toEqual(["S256"]);

    const registered = await SELF.fetch(`${BASE}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "workerd agent", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }),
    });
    expect(registered.status).toBe(201);
    const { client_id } = (await registered.json()) as { client_id: string };

    const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
    const challenge = base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
    const request = { response_type: "code", client_id, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: "S256", state: "w1" };

    const link = (await (await SELF.fetch(`${BASE}/v1/app-link`, { method: "POST", headers: { authorization: `Bearer ${inject("apiKey")}` } })).json()) as { url: string };
    const signin = await SELF.fetch(new URL(link.url, BASE).toString(), { method: "POST", redirect: "manual" });
    const cookie = (signin.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const page = await (await SELF.fetch(`${BASE}/dashboard/agents/authorize?${new URLSearchParams(request)}`, { headers: { cookie } })).text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const form = new URLSearchParams({ ...request, _csrf: csrf, allProfiles: "on", allPlatforms: "on", actions: "read", creditsPerDay: "0", decision: "approve" });
    const answer = await SELF.fetch(`${BASE}/dashboard/agents/authorize`, {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      redirect: "manual",
    });
    expect(answer.status).toBe(303);
    const code = new URL(answer.headers.get("location") ?? "").searchParams.get("code") ?? "";

    const exchanged = await SELF.fetch(`${BASE}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code, code_verifier: verifier, client_id, redirect_uri: REDIRECT }).toString(),
    });
    expect(exchanged.status).toBe(200);
    const { access_token } = (await exchanged.json()) as { access_token: string };

    const whoami = await SELF.fetch(`${BASE}/v1/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "whoami", arguments: {} } }),
    });
    const result = (await whoami.json()) as { result: { structuredContent: { account: string; agent: { clientName: string; grant: { actions: string[] } } } } };
    expect(result.result.structuredContent.account).toBe(inject("workspaceId"));
    expect(result.result.structuredContent.agent).toMatchObject({ clientName: "workerd agent", grant: { actions: ["read"] } });
    const refused = await SELF.fetch(`${BASE}/v1/webhooks`, { headers: { authorization: `Bearer ${access_token}` } });
    expect(refused.status).toBe(403);
  });
});
