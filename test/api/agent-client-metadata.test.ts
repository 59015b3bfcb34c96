import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, OwnerBrowser, REDIRECT_URI, agentFixture, authorizeQuery, grantFields, grantTokens, pkce, tokenReply } from "../support/agent-oauth.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, reply, testWorkspace } from "../support/workspace-fixture.js";

/** An agent's own web server, serving its client metadata document; counts every read. */
class DocumentServer {
  documents = new Map<string, { body: string; headers?: Record<string, string> }>();
  reads: string[] = [];
  private server: Server | undefined;
  base = "";

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      this.reads.push(request.url ?? "");
      const document = this.documents.get(request.url ?? "");
      if (!document) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { "content-type": "application/json", ...document.headers }).end(document.body);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.base = `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  /** Serves a document at `path` whose client_id is its own URL unless `fields` says otherwise. */
  serve(path: string, fields: Record<string, unknown> = {}, headers?: Record<string, string>): string {
    const url = `${this.base}${path}`;
    this.documents.set(path, {
      body: JSON.stringify({ client_id: url, client_name: "Doc Agent", redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none", ...fields }),
      ...(headers ? { headers } : {}),
    });
    return url;
  }

  readsOf(path: string): number {
    return this.reads.filter((r) => r === path).length;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

let t: TestApp;
const documents = new DocumentServer();
beforeAll(async () => {
  // A server on the developer's machine, which may read their loopback: the setting's own test is below.
  t = await createTestApp({ deps: { loopbackWebhooks: true } });
  await documents.start();
});
afterAll(() => documents.close());

async function consent(owner: OwnerBrowser, clientId: string, extra: Record<string, string> = {}, app: TestApp = t) {
  const { verifier, challenge } = pkce();
  const query = authorizeQuery(clientId, challenge, extra);
  const authorize = await app.app.request(`${ORIGIN}/oauth/authorize?${query}`);
  expect(authorize.status).toBe(302);
  return { verifier, query, page: await owner.get(authorize.headers.get("location") ?? "") };
}

async function signedIn(mode: "test" | "live" = "test"): Promise<{ ws: WorkspaceFixture; owner: OwnerBrowser }> {
  const ws = await testWorkspace(t, { plan: "subscription", mode });
  return { ws, owner: await OwnerBrowser.signIn(t, ws) };
}

describe("OAuth Client ID Metadata Documents", () => {
  it("advertises them in the authorization server metadata", async () => {
    const { body: metadata } = await reply<Record<string, unknown>>(await t.app.request(`${ORIGIN}/.well-known/oauth-authorization-server`));
    expect(metadata.client_id_metadata_document_supported).toBe(true);
  });

  it("reads the document only for the signed-in owner, shows its name and host, and issues tokens to the URL client_id", async () => {
    const clientId = documents.serve("/agents/doc-agent.json", { client_uri: "https://doc-agent.example" });
    const { ws, owner } = await signedIn();
    // The authorization endpoint only forwards: an anonymous request makes this server fetch nothing.
    const anonymous = await t.app.request(`${ORIGIN}/oauth/authorize?${authorizeQuery(clientId, pkce().challenge)}`);
    expect(anonymous.status).toBe(302);
    expect(documents.readsOf("/agents/doc-agent.json")).toBe(0);

    const { verifier, query, page } = await consent(owner, clientId);
    expect(page.status, page.html).toBe(200);
    expect(page.html).toContain('<strong id="client-name">Doc Agent</strong>');
    expect(page.html).toContain(`<strong id="client-host">${new URL(clientId).host}</strong>`);
    expect(page.html).toContain('id="loopback-warning"');
    expect(documents.readsOf("/agents/doc-agent.json")).toBe(1);

    const answer = await owner.post("/dashboard/agents/authorize", { ...Object.fromEntries(new URLSearchParams(query)), ...grantFields({ profiles: "all", actions: ["read"] }), decision: "approve" });
    expect(answer.status, answer.html).toBe(303);
    // The approval re-checked the request from the cached document: no second read.
    expect(documents.readsOf("/agents/doc-agent.json")).toBe(1);
    const code = new URL(answer.location ?? "").searchParams.get("code") ?? "";
    const tokens = await grantTokens(t, { grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId, redirect_uri: REDIRECT_URI, resource: `${ORIGIN}/v1/mcp` });
    const me = await agentFixture(t, ws, tokens.access_token).read("/v1/me");
    expect(me.agent?.clientName).toBe("Doc Agent");
    const listed = (await ws.get("/v1/agents")).body;
    expect(listed.items.map((a) => a.clientId)).toEqual([clientId]);
    const refreshed = await tokenReply(t, { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId });
    expect(refreshed.status).toBe(200);
  });

  it("keeps a document for a few minutes, honours Cache-Control no-store, and reads it again after", async () => {
    const cached = documents.serve("/cached.json");
    const uncached = documents.serve("/uncached.json", {}, { "cache-control": "no-store" });
    const { owner } = await signedIn();
    for (let i = 0; i < 2; i++) {
      expect((await consent(owner, cached)).page.status).toBe(200);
      expect((await consent(owner, uncached)).page.status).toBe(200);
    }
    expect(documents.readsOf("/cached.json")).toBe(1);
    expect(documents.readsOf("/uncached.json")).toBe(2);
    // A renamed agent shows its new name once the cached copy is old.
    documents.serve("/cached.json", { client_name: "Doc Agent Renamed" });
    t.clock.advance(6 * 60_000);
    const again = await consent(owner, cached);
    expect(again.page.html).toContain('<strong id="client-name">Doc Agent Renamed</strong>');
    expect(documents.readsOf("/cached.json")).toBe(2);
  });

  it("refuses a document that names another client_id, lacks a name, or lists not the redirect URI asked for, and never redirects to it", async () => {
    const { owner } = await signedIn();
    const mismatched = documents.serve("/mismatched.json", { client_id: "https://agent.example/client.json" });
    const nameless = documents.serve("/nameless.json", { client_name: "" });
    const secretive = documents.serve("/secret.json", { token_endpoint_auth_method: "client_secret_basic" });
    const listed = documents.serve("/listed.json");
    const cases: [string, Record<string, string>, string][] = [
      [mismatched, {}, "names another client_id"],
      [nameless, {}, "has no client_name"],
      [secretive, {}, "accepts none (PKCE) only"],
      [listed, { redirect_uri: "http://127.0.0.1:9999/elsewhere" }, "not one the agent registered"],
      [`${documents.base}/missing.json`, {}, "answered HTTP 404"],
    ];
    for (const [clientId, extra, message] of cases) {
      const { page } = await consent(owner, clientId, extra);
      expect(page.status, `${clientId}: ${page.html.slice(0, 200)}`).toBe(400);
      expect(page.location).toBeNull();
      expect(page.html).toContain(message);
    }
    // Nothing was stored for a refused document: the token endpoint does not know it.
    const exchanged = await tokenReply(t, { grant_type: "authorization_code", code: "x", code_verifier: "y".repeat(43), client_id: mismatched, redirect_uri: REDIRECT_URI });
    expect(exchanged.status).toBe(401);
  });

  it("refuses loopback, private and plain-http documents for an owner in live mode, without reading them", async () => {
    const { owner } = await signedIn("live");
    const local = documents.serve("/live-local.json");
    for (const clientId of [local, "https://10.0.0.7/client.json", "https://169.254.169.254/latest/meta-data.json", "https://localhost/client.json", "http://agent.example/client.json"]) {
      const { page } = await consent(owner, clientId);
      expect(page.status, clientId).toBe(400);
      expect(page.html).toContain("must be a public https URL");
    }
    expect(documents.readsOf("/live-local.json")).toBe(0);
  });

  it("reads no loopback document for a test-mode owner where the server does not allow loopback targets", async () => {
    // As deployed for others (no CHORUS_ALLOW_LOOPBACK_WEBHOOKS, HOST not loopback): the consent
    // page must not become a way to read the server's own ports.
    const shared = await createTestApp();
    const ws = await testWorkspace(shared, { plan: "subscription" });
    const owner = await OwnerBrowser.signIn(shared, ws);
    const local = documents.serve("/shared-server.json");
    for (const clientId of [local, local.replace("127.0.0.1", "localhost")]) {
      const { page } = await consent(owner, clientId, {}, shared);
      expect(page.status, clientId).toBe(400);
      expect(page.location).toBeNull();
      expect(page.html).toContain("CHORUS_ALLOW_LOOPBACK_WEBHOOKS");
    }
    expect(documents.readsOf("/shared-server.json")).toBe(0);
  });
});
