/**
 * The agents' OAuth flow inside workerd (src/worker.ts, Neon through the ws proxy): metadata,
 * registration, the owner's consent in a dashboard session, the PKCE exchange with Web Crypto
 * alone, and the agent's token on /v1/mcp.
 */
import { OAuthClientInformationFullSchema, OAuthMetadataSchema, OAuthProtectedResourceMetadataSchema, OAuthTokensSchema } from "@modelcontextprotocol/sdk/shared/auth.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, inject, it } from "vitest";
import { BASE, api, workerApi } from "./api-call.js";
import { mcpResult } from "./mcp-rpc.js";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/agent-oauth.test] skipped: ${skipReason}`);

const REDIRECT = "http://127.0.0.1:8976/callback";
/** The agent before it has a token, and the owner's browser (a cookie, no key). */
const anonymous = workerApi({ key: null });
const form = (fields: Record<string, string>) => ({ raw: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

describe.skipIf(skipReason)("agent OAuth in workerd", () => {
  it("registers, is approved by the owner, exchanges its code with PKCE and calls a tool with its token", async () => {
    // The metadata, registration and tokens are read through the MCP SDK's schemas of them (RFC 9728, 8414, 7591, 6749).
    const resource = OAuthProtectedResourceMetadataSchema.parse((await anonymous.get("/.well-known/oauth-protected-resource/v1/mcp")).body);
    const issuer = resource.authorization_servers?.[0] ?? "";
    const server = OAuthMetadataSchema.parse((await anonymous.get(`${issuer}/.well-known/oauth-authorization-server`)).body);
    expect(server.code_challenge_methods_supported).toEqual(["S256"]);

    const registered = await anonymous.post("/oauth/register", { client_name: "workerd agent", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" });
    expect(registered.status).toBe(201);
    const { client_id } = OAuthClientInformationFullSchema.parse(registered.body);

    const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
    const challenge = base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
    const request = { response_type: "code", client_id, redirect_uri: REDIRECT, code_challenge: challenge, code_challenge_method: "S256", state: "w1" };

    const link = await api.post("/v1/app-link");
    const signin = await anonymous.post(new URL(link.body.url, BASE).toString(), undefined, { redirect: "manual" });
    const cookie = (signin.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const page = (await anonymous.get(`/dashboard/agents/authorize?${new URLSearchParams(request)}`, { headers: { cookie } })).text;
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const consent = form({ ...request, _csrf: csrf, allProfiles: "on", allPlatforms: "on", actions: "read", creditsPerDay: "0", decision: "approve" });
    const answer = await anonymous.post("/dashboard/agents/authorize", undefined, { ...consent, headers: { ...consent.headers, cookie }, redirect: "manual" });
    expect(answer.status).toBe(303);
    const code = new URL(answer.headers.get("location") ?? "").searchParams.get("code") ?? "";

    const exchanged = await anonymous.post("/oauth/token", undefined, form({ grant_type: "authorization_code", code, code_verifier: verifier, client_id, redirect_uri: REDIRECT }));
    expect(exchanged.status).toBe(200);
    const { access_token } = OAuthTokensSchema.parse(exchanged.body);

    const agent = workerApi({ key: access_token });
    const whoami = CallToolResultSchema.parse(await mcpResult("tools/call", { name: "whoami", arguments: {} }, { protocolVersion: "2025-11-25", client: agent }));
    expect(whoami.structuredContent).toMatchObject({ account: inject("workspaceId"), agent: { clientName: "workerd agent", grant: { actions: ["read"] } } });
    const refused = await agent.get("/v1/webhooks");
    expect(refused.status).toBe(403);
  });
});
