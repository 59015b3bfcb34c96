import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipWithout } from "../support/required-service.js";
import { chromiumMissing, launchChromium } from "../support/browser.js";
import { freePort, buildBeforeTests } from "../support/server-process.js";
import { serverScratch } from "../support/server-scratch.js";
import { type HttpWorkspace, firstStartKey, httpWorkspace } from "../support/http-workspace.js";
import { seriousViolations } from "../support/page-inspection.js";

const missing = chromiumMissing();
skipWithout("chromium", missing, "agent OAuth with the SDK client and the consent page in a browser");

/**
 * What an MCP host keeps for one server: the registration, the tokens, the PKCE verifier, and
 * the URL it would open in the person's browser. Everything is stored exactly as the SDK hands
 * it over, as the SDK asks of providers.
 */
class MemoryProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = "";
  authorizationUrl: URL | null = null;
  redirects = 0;
  constructor(readonly redirectUrl: string) {}
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: "E2E Agent", redirect_uris: [this.redirectUrl], token_endpoint_auth_method: "none", grant_types: ["authorization_code", "refresh_token"], response_types: ["code"] };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.redirects += 1;
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  /** Called by the SDK when the server refuses what it holds (a refresh token after revocation). */
  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery") {
    if (scope === "all" || scope === "tokens") this.saved = undefined;
    if (scope === "all" || scope === "client") this.info = undefined;
  }
}

type Structured = Record<string, unknown>;
const codeOf = (data: Structured) => (data.error as { code: string } | undefined)?.code;

buildBeforeTests();

describe.skipIf(missing !== null)("an agent through the official SDK client, OAuth and the consent page", { timeout: 180_000 }, () => {
  const scratch = serverScratch("chorus-agent-e2e");
  let browser: Browser;
  let base = "";
  /** The owner's workspace on the server, through the key its first start printed. */
  let owner: HttpWorkspace;
  const connect = async (platform: "bluesky" | "linkedin" | "pinterest", handle: string, profile: string) => (await owner.connect(platform, { handle, profile })).id;

  beforeAll(async () => {
    const port = await freePort();
    const server = await scratch.start({ port, env: { CHORUS_DATA_DIR: scratch.dataDir } });
    base = server.base;
    const key = await firstStartKey(server.output);
    expect(key).toMatch(/^sk_test_/);
    owner = httpWorkspace(base, key);
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("registers, is granted one brand, two networks and 5 credits a day, publishes, reads posts and analytics, refreshes, is refunded what a network refused, stops at every limit, and ends at revocation", async () => {
    const acme = (await owner.createProfile({ username: "acme" })).id;
    await owner.createProfile({ username: "other" });
    const bsky = await connect("bluesky", "acme-e2e.test", "acme");
    const linkedin = await connect("linkedin", "acme_e2e_li", "acme");
    const pinterest = await connect("pinterest", "acme_e2e_pin", "acme");
    const otherBsky = await connect("bluesky", "other-e2e.test", "other");

    // 1. The agent connects without a token: 401, discovery, registration, and an authorization URL to open.
    const callbackPort = await freePort();
    const provider = new MemoryProvider(`http://127.0.0.1:${callbackPort}/callback`);
    const serverUrl = new URL(`${base}/v1/mcp`);
    const first = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider });
    await expect(new Client({ name: "e2e-agent", version: "1.0.0" }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.info?.client_id).toMatch(/^oc_/);
    const authorizationUrl = provider.authorizationUrl;
    if (!authorizationUrl) throw new Error("the SDK asked for no authorization");
    expect(authorizationUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizationUrl.searchParams.get("resource")).toBe(`${base}/v1/mcp`);

    // 2. The owner, in a browser: the authorization link alone asks to sign in; after signing in, the consent page.
    const page = await (await browser.newContext()).newPage();
    const callback = new Promise<URL>((resolve) => {
      void page.route(`http://127.0.0.1:${callbackPort}/**`, async (route) => {
        resolve(new URL(route.request().url()));
        await route.fulfill({ status: 200, contentType: "text/plain", body: "You can close this window." });
      });
    });
    await page.goto(authorizationUrl.toString());
    expect(await page.locator("#signed-out").textContent()).toContain("Sign in to answer the agent");
    expect(await seriousViolations(page), "axe: serious or critical violations").toEqual([]);
    const link = (await owner.post("/v1/app-link")).body.url;
    await page.goto(new URL(link, base).toString());
    await page.click("#signin");
    await page.waitForURL(`${base}/dashboard`);
    await page.goto(authorizationUrl.toString());
    expect(await page.locator("#client-name").textContent()).toBe("E2E Agent");
    expect(await seriousViolations(page), "axe: serious or critical violations").toEqual([]);
    // The page starts on what the agent asks, every brand and every network; the owner narrows it
    // to one brand and two networks (the specific boxes count only with "all" unchecked).
    expect(await page.locator("#profile-all").isChecked()).toBe(true);
    expect(await page.locator("#platform-all").isChecked()).toBe(true);
    await page.locator("#profile-all").uncheck();
    await page.locator("#platform-all").uncheck();
    await page.getByLabel("acme").check();
    await page.getByLabel("bluesky").check();
    await page.getByLabel("linkedin").check();
    await page.getByLabel("Write drafts, validate posts and upload media").check();
    await page.getByLabel("Publish and schedule posts").check();
    await page.getByLabel("Credits it may spend per day (UTC)").fill("5");
    await page.click("#approve");
    const answered = await callback;
    expect(answered.searchParams.get("iss")).toBe(base);
    expect(answered.searchParams.get("state")).toBe(authorizationUrl.searchParams.get("state"));
    const code = answered.searchParams.get("code") ?? "";

    // 3. The agent exchanges the code (PKCE) and connects.
    await first.finishAuth(code);
    expect(provider.saved?.access_token).toMatch(/^cat_/);
    const client = new Client({ name: "e2e-agent", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(serverUrl, { authProvider: provider }));
    const call = async (name: string, args: Structured = {}) => {
      const result = await client.callTool({ name, arguments: args });
      return { isError: result.isError === true, data: result.structuredContent as Structured };
    };

    const whoami = await call("whoami");
    expect(whoami.data.agent).toMatchObject({ clientName: "E2E Agent", grant: { profiles: [acme], platforms: ["bluesky", "linkedin"], creditsPerDay: 5 }, spentToday: 0 });
    const accounts = (await call("list_social_accounts")).data.accounts as { id: string }[];
    expect(accounts.map((a) => a.id).sort()).toEqual([bsky, linkedin].sort());

    // 4. Publishes to two sandbox networks and reads the post back.
    const published = await call("create_post", { text: "Hello from an agent", accounts: [bsky, linkedin], idempotencyKey: "e2e-1" });
    expect(published.isError, JSON.stringify(published.data)).toBe(false);
    expect((published.data.targets as { state: string }[]).map((target) => target.state)).toEqual(["published", "published"]);
    const read = await call("get_post", { id: published.data.id });
    expect(read.data.state).toBe("published");

    // 4b. Reads analytics: a simulated person likes the post on Bluesky, and the agent sees it per target and over the period.
    await owner.simulate(bsky, { action: "like", post: String(published.data.id), actor: "fan.sandbox.test" });
    const postAnalytics = await call("get_post_analytics", { id: published.data.id });
    expect(postAnalytics.isError, JSON.stringify(postAnalytics.data)).toBe(false);
    const perTarget = Object.fromEntries((postAnalytics.data.targets as { platform: string }[]).map((target) => [target.platform, target]));
    expect(Object.keys(perTarget).sort()).toEqual(["bluesky", "linkedin"]);
    expect(perTarget.bluesky).toMatchObject({ account: bsky, state: "published", problem: null, metrics: expect.objectContaining({ likes: 1, views: null }) });
    // LinkedIn reads the member's post analytics (memberCreatorPostAnalytics): its own numbers, nulls where it publishes none.
    expect(perTarget.linkedin).toMatchObject({ account: linkedin, state: "published", problem: null, metrics: expect.objectContaining({ views: expect.any(Number), saves: null }) });
    const report = await call("get_analytics", { period: "7d" });
    expect(report.isError, JSON.stringify(report.data)).toBe(false);
    // Both granted networks answer: nothing is skipped, so `problems` is empty.
    expect(report.data).toMatchObject({ period: "7d", problems: [] });
    const reported = report.data.accounts as { account: string; platform: string; metrics: { likes: number | null; views: number | null } }[];
    expect(reported.map((a) => a.account).sort()).toEqual([bsky, linkedin].sort());
    expect(reported.find((a) => a.account === bsky)?.metrics.likes).toBe(1);
    expect(reported.find((a) => a.account === linkedin)?.metrics.views).toEqual(expect.any(Number));
    // Analytics outside its networks and brands are refused like everything else.
    expect(codeOf((await call("get_analytics", { account: pinterest })).data)).toBe("agent_grant_platform");
    expect(codeOf((await call("get_analytics", { account: otherBsky })).data)).toBe("agent_grant_profile");

    // 5. Refused outside its networks and brands, with nothing written.
    const countPosts = async () => (await owner.read("/v1/posts")).items.length;
    const before = await countPosts();
    expect(codeOf((await call("create_post", { text: "to pinterest", accounts: [pinterest] })).data)).toBe("agent_grant_platform");
    expect(codeOf((await call("create_post", { text: "other brand", accounts: [otherBsky] })).data)).toBe("agent_grant_profile");
    expect(codeOf((await call("retract_post", { id: published.data.id })).data)).toBe("agent_grant_action");
    expect(await countPosts()).toBe(before);

    // 6. The access token is revoked behind its back: the SDK refreshes (rotation) and carries on.
    const oldRefresh = provider.saved?.refresh_token;
    const revoked = await fetch(`${base}/oauth/revoke`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: provider.saved?.access_token ?? "", client_id: provider.info?.client_id ?? "" }).toString(),
    });
    expect(revoked.status).toBe(200);
    await new Promise((r) => setTimeout(r, 50));
    const second = await call("create_post", { text: "Second post", accounts: [bsky] });
    expect(second.isError, JSON.stringify(second.data)).toBe(false);
    expect(provider.saved?.refresh_token).not.toBe(oldRefresh);
    expect((await call("whoami")).data.agent).toMatchObject({ spentToday: 3 });

    // 6b. LinkedIn refuses a target: its credit comes back to the agent's day as well as to the workspace.
    const fault = (value: string | null) => owner.put(`/v1/sandbox/social-accounts/${linkedin}/fault`, { fault: value });
    expect((await fault("revoked_permission")).status).toBe(200);
    const half = await call("create_post", { text: "LinkedIn refuses this one", accounts: [bsky, linkedin] });
    expect(half.isError, JSON.stringify(half.data)).toBe(false);
    expect((half.data.targets as { platform: string; state: string }[]).map((target) => `${target.platform}:${target.state}`).sort()).toEqual(["bluesky:published", "linkedin:failed"]);
    expect((await call("whoami")).data.agent).toMatchObject({ spentToday: 4, creditsLeftToday: 1 });
    expect((await fault(null)).status).toBe(200);

    // 7. 4 of 5 credits spent: a two-target post is refused whole, a one-target post fits, then nothing more.
    expect(codeOf((await call("create_post", { text: "Third, two targets", accounts: [bsky, linkedin] })).data)).toBe("agent_grant_daily_credits");
    expect((await call("create_post", { text: "Third, one target", accounts: [bsky] })).isError).toBe(false);
    expect(codeOf((await call("create_post", { text: "Fourth", accounts: [linkedin] })).data)).toBe("agent_grant_daily_credits");
    expect((await call("whoami")).data.agent).toMatchObject({ spentToday: 5, creditsLeftToday: 0 });
    expect(((await call("list_posts")).data.items as unknown[]).length).toBe(4);

    // 8. Malformed JSON-RPC with the agent's token: the spec's errors.
    const raw = (body: unknown) =>
      fetch(`${base}/v1/mcp`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${provider.saved?.access_token ?? ""}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2025-11-25",
        },
        body: JSON.stringify(body),
      });
    expect(await (await raw({ jsonrpc: "1.0", id: 1, method: "tools/list" })).json()).toMatchObject({ error: { code: -32600 } });
    expect(await (await raw({ jsonrpc: "2.0", id: 2, method: "tools/destroy" })).json()).toMatchObject({ error: { code: -32601 } });
    expect(await (await raw({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { arguments: {} } })).json()).toMatchObject({ error: { code: -32602 } });

    // 9. The owner sees the agent and its spend, and revokes it: the next call fails, and refreshing cannot bring it back.
    const agents = await owner.read("/v1/agents");
    expect(agents.items).toEqual([expect.objectContaining({ clientName: "E2E Agent", spentToday: 5 })]);
    const audit = await owner.read("/v1/audit");
    expect(audit.items.filter((e) => e.type === "agent.write" && e.actor === agents.items[0]?.id)).toHaveLength(4);
    expect((await owner.delete(`/v1/agents/${agents.items[0]?.id ?? ""}`)).status).toBe(200);
    const redirectsBefore = provider.redirects;
    await expect(client.callTool({ name: "whoami", arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);
    expect(provider.redirects).toBe(redirectsBefore + 1);
    await client.close();
  });
});
