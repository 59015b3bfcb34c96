import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, connectSessions, events, socialAccounts } from "../../src/db/schema/index.js";
import { signConnectLink, verifyConnectLink } from "../../src/domain/accounts/connect/link-token.js";
import { randomString } from "../../src/infra/ids.js";
import { type TestApp, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { type WorkspaceFixture, reply, testWorkspace } from "../support/workspace-fixture.js";

const ORIGIN = "http://chorus.test";

/** A person's browser over app.request, without following redirects, so each hop of the hosted flow can be looked at. */
class Browser {
  constructor(private t: TestApp) {}

  async open(url: string, init: { form?: Record<string, string> } = {}): Promise<Response> {
    const target = new URL(url, ORIGIN);
    expect(target.origin, "the flow stays on our server").toBe(ORIGIN);
    if (!init.form) return this.t.app.request(target.toString());
    const body = new URLSearchParams(init.form).toString();
    return this.t.app.request(target.toString(), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body });
  }
}

const location = (response: Response) => response.headers.get("location") ?? "";

async function mint(ws: WorkspaceFixture, body: Record<string, unknown> = {}): Promise<{ url: string; expiresAt: string }> {
  const response = await ws.post("/v1/connect-link", body);
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const tokenOf = (url: string) => new URL(url).pathname.split("/")[2] ?? "";

/** Start → simulator consent page (served by us) → approve or deny → the callback URL the network sends the person to. */
async function consent(browser: Browser, startUrl: string, handle: string, decision: "approve" | "deny" = "approve"): Promise<string> {
  const started = await browser.open(startUrl);
  expect(started.status, await started.clone().text()).toBe(302);
  const consentUrl = location(started);
  expect(consentUrl).toMatch(/^http:\/\/chorus\.test\/sandbox\//);
  const page = await browser.open(consentUrl);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('id="approve"');
  const approved = await browser.open(consentUrl, { form: { handle, decision } });
  expect(approved.status).toBe(302);
  const callback = location(approved);
  expect(callback).toMatch(/^http:\/\/chorus\.test\/connect\/callback\//);
  return callback;
}

async function sessionsOf(t: TestApp, workspaceId: string) {
  return t.db.select().from(connectSessions).where(eq(connectSessions.workspaceId, workspaceId));
}

describe("POST and GET /v1/connect-link", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("mints a signed link to the hosted page, valid 15 minutes, storing nothing", async () => {
    const ws = await testWorkspace(t);
    const link = await mint(ws, { returnUrl: "https://app.example/connected" });
    expect(link.url).toMatch(/^http:\/\/chorus\.test\/connect\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(link.expiresAt).toBe(new Date(t.clock.now().getTime() + 15 * 60_000).toISOString());
    const granted = await verifyConnectLink(t.deps.signingSecret, tokenOf(link.url), t.clock.now());
    expect(granted).toMatchObject({ workspaceId: ws.id, mode: "test", profileId: null, returnUrl: "https://app.example/connected", platforms: null });
    expect(await sessionsOf(t, ws.id)).toHaveLength(0);
  });

  it("takes POST without a body, as /openapi.json says (the body is optional)", async () => {
    const ws = await testWorkspace(t);
    // Through the validating proxy: had the description required a body, this exchange would fail.
    const response = await ws.post("/v1/connect-link");
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject({ url: expect.stringMatching(/^http:\/\/chorus\.test\/connect\//) });
    const doc = (await reply<{ paths: Record<string, Record<string, { requestBody?: { required?: boolean } }>> }>(await t.app.request(`${ORIGIN}/openapi.json`))).body;
    expect(doc.paths["/v1/connect-link"]?.post?.requestBody?.required).toBe(false);
    expect(doc.paths["/v1/profiles"]?.post?.requestBody?.required).toBe(true);
  });

  it("refuses returnUrls that are not absolute https URLs of at most 2,048 characters, with http only for localhost", async () => {
    const ws = await testWorkspace(t);
    const refused = [
      "http://app.example/done",
      "not a url",
      "/relative/path",
      "",
      "javascript:alert(1)",
      "ftp://files.example/x",
      "https://user:pass@app.example/x",
      `https://app.example/${"a".repeat(2030)}`,
    ];
    for (const returnUrl of refused) {
      const response = await ws.post("/v1/connect-link", { returnUrl });
      expect(response.status, returnUrl.slice(0, 40)).toBe(400);
      expect(response.error).toMatchObject({ code: "invalid_return_url", param: "returnUrl", type: "invalid_request" });
    }
    const tooLong = (await ws.post("/v1/connect-link", { returnUrl: `https://app.example/${"a".repeat(2030)}` })).error;
    expect(tooLong.message).toContain("2048");
    const viaGet = await ws.get(`/v1/connect-link?platform=twitter&returnUrl=${encodeURIComponent("http://app.example/x")}`);
    expect(viaGet.error).toMatchObject({ code: "invalid_return_url", param: "returnUrl" });
    for (const returnUrl of ["http://localhost:3000/done", "http://127.0.0.1:8080/cb?x=1", "https://app.example/done", `https://app.example/${"a".repeat(2020)}`]) {
      expect((await ws.post("/v1/connect-link", { returnUrl })).status, returnUrl.slice(0, 40)).toBe(201);
    }
  });

  it("refuses an unknown profile, unknown fields and unknown networks", async () => {
    const ws = await testWorkspace(t);
    const unknown = await ws.post("/v1/connect-link", { profile: "nobody" });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: "profile_unknown", param: "profile" });
    expect((await ws.get("/v1/connect-link?profile=nobody")).error).toMatchObject({ code: "profile_unknown", param: "profile" });
    expect((await ws.post("/v1/connect-link", { scopes: ["x"] })).error).toMatchObject({ code: "field_unknown", param: "scopes" });
    expect((await ws.post("/v1/connect-link", { platforms: ["myspace"] })).error).toMatchObject({ code: "field_invalid", param: "platforms[0]" });
  });

  it("GET gives a link straight to one network's door, checking the variant", async () => {
    const ws = await testWorkspace(t);
    const door = (await ws.get("/v1/connect-link?platform=instagram&variant=facebook_login")).body;
    expect(door.url).toMatch(/^http:\/\/chorus\.test\/connect\/[^/]+\/start\/instagram\?variant=facebook_login$/);
    const started = await new Browser(t).open(door.url);
    expect(started.status).toBe(302);
    expect(location(started)).toMatch(/^http:\/\/chorus\.test\/sandbox\/www\.facebook\.com\/v[\d.]+\/dialog\/oauth\?/);
    const twitter = (await ws.get("/v1/connect-link?platform=twitter")).body;
    expect(twitter.url).toMatch(/\/start\/twitter$/);
    expect((await verifyConnectLink(t.deps.signingSecret, tokenOf(twitter.url), t.clock.now())).platforms).toEqual(["twitter"]);
    expect((await ws.get("/v1/connect-link?platform=twitter&variant=facebook_login")).error).toMatchObject({ code: "field_invalid", param: "variant" });
    expect((await ws.get("/v1/connect-link?variant=facebook_login")).error).toMatchObject({ code: "field_invalid", param: "variant" });
    const list = (await ws.get("/v1/connect-link")).body;
    expect(list.url).toMatch(/^http:\/\/chorus\.test\/connect\/[^/]+$/);
  });
});

describe("the hosted connect page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("lists all ten networks with both Instagram doors and both LinkedIn doors of the sandbox app, or only the link's networks", async () => {
    const ws = await testWorkspace(t);
    const page = await new Browser(t).open((await mint(ws)).url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const html = await page.text();
    const ids = [...html.matchAll(/id="(connect-[a-z_-]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual([
      "connect-tiktok",
      "connect-instagram-instagram_login",
      "connect-instagram-facebook_login",
      "connect-facebook",
      "connect-twitter",
      "connect-youtube",
      "connect-pinterest",
      "connect-linkedin-organization",
      "connect-linkedin-member",
      "connect-bluesky",
      "connect-threads",
      "connect-googlebusiness",
    ]);
    expect(html).toContain("Instagram (Instagram login)");
    expect(html).toContain("Instagram via Facebook Page");
    expect(html).toContain("Test workspace");
    expect(html).toContain('id="sandbox-notice"');

    const only = await new Browser(t).open((await mint(ws, { platforms: ["bluesky", "twitter", "twitter"] })).url);
    expect([...(await only.text()).matchAll(/id="(connect-[a-z_-]+)"/g)].map((m) => m[1])).toEqual(["connect-twitter", "connect-bluesky"]);
  });

  it("refuses a tampered link and does nothing", async () => {
    const ws = await testWorkspace(t);
    const { url } = await mint(ws);
    const token = tokenOf(url);
    const [payload = "", signature = ""] = token.split(".");
    const forged = JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
    const other = await testWorkspace(t);
    const swapped = `${Buffer.from(JSON.stringify({ ...forged, workspace: other.id })).toString("base64url")}.${signature}`;
    const otherSecret = await signConnectLink("another-secret-0123456789abcdef", {
      workspaceId: ws.id,
      mode: "live",
      profileId: null,
      returnUrl: null,
      platforms: null,
      expiresAt: new Date(t.clock.now().getTime() + 60_000),
    });
    // A character in the middle: every bit of it is signature (the last one carries padding bits).
    const flipped = `${payload}.${signature.slice(0, 10)}${signature[10] === "A" ? "B" : "A"}${signature.slice(11)}`;
    for (const bad of [swapped, otherSecret, flipped, "garbage", `${payload}.`, `${payload}.${signature}.x`]) {
      const browser = new Browser(t);
      const page = await browser.open(`/connect/${bad}`);
      expect(page.status, bad).toBe(400);
      const html = await page.text();
      expect(html).toContain('id="error-code"');
      expect(html).toContain("connect_link_invalid");
      const start = await browser.open(`/connect/${bad}/start/twitter`);
      expect(start.status).toBe(400);
      expect(start.headers.get("location")).toBeNull();
    }
    expect(await sessionsOf(t, ws.id)).toHaveLength(0);
    expect(await sessionsOf(t, other.id)).toHaveLength(0);
  });

  it("expires the link after 15 minutes with a clear page (410)", async () => {
    const ws = await testWorkspace(t);
    const { url } = await mint(ws);
    t.clock.advance(15 * 60_000 - 1);
    expect((await new Browser(t).open(url)).status).toBe(200);
    t.clock.advance(1);
    const expired = await new Browser(t).open(url);
    expect(expired.status).toBe(410);
    const html = await expired.text();
    expect(html).toContain("This link has expired");
    expect(html).toContain("connect_link_expired");
    expect((await new Browser(t).open(`${url}/start/twitter`)).status).toBe(410);
    expect(await sessionsOf(t, ws.id)).toHaveLength(0);
  });

  it("refuses a network the link does not offer, an unknown network and an unknown sandbox host", async () => {
    const ws = await testWorkspace(t);
    const { url } = await mint(ws, { platforms: ["bluesky"] });
    const browser = new Browser(t);
    const refused = await browser.open(`${url}/start/twitter`);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("does not offer X");
    expect((await browser.open(`${url}/start/myspace`)).status).toBe(404);
    expect((await browser.open("/sandbox/evil.example/steal")).status).toBe(404);
    expect(await sessionsOf(t, ws.id)).toHaveLength(0);
  });
});

describe("connecting through the hosted page (OAuth networks)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("connects X to the link's profile, sends the person to returnUrl, and records the event and audit entry", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const profile = (await ws.post("/v1/profiles", { username: "acme" })).body;
    const { url } = await mint(ws, { profile: "acme", returnUrl: "https://app.example/done?session=42" });
    const browser = new Browser(t);
    const handle = `acme-x-${randomString(6).toLowerCase()}`;

    const started = await browser.open(`${url}/start/twitter`);
    const [session] = await sessionsOf(t, ws.id);
    expect(session).toMatchObject({ platform: "twitter", mode: "test", profileId: profile.id, returnUrl: "https://app.example/done?session=42", usedAt: null });
    expect(session?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 10 * 60_000);
    const authorize = new URL(location(started));
    expect(authorize.pathname).toBe("/sandbox/x.com/i/oauth2/authorize");
    expect(authorize.searchParams.get("state")).toBe(session?.id);
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/connect/callback/twitter`);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");

    const callback = await consent(browser, `${url}/start/twitter`, handle);
    const done = await browser.open(callback);
    expect(done.status).toBe(302);
    const back = new URL(location(done));
    expect(back.origin + back.pathname).toBe("https://app.example/done");
    expect(Object.fromEntries(back.searchParams)).toEqual({ session: "42", status: "connected", account: expect.stringMatching(/^acc_/), platform: "twitter" });
    const accountId = back.searchParams.get("account") ?? "";

    const account = (await ws.get(`/v1/social-accounts/${accountId}`)).body;
    expect(account).toMatchObject({ id: accountId, platform: "twitter", handle, profileId: profile.id, status: "active", mode: "test" });
    const recorded = await t.db.select().from(events).where(eq(events.workspaceId, ws.id));
    expect(recorded.map((e) => e.type)).toEqual(["account.connected"]);
    expect(recorded[0]?.data).toMatchObject({ id: accountId, handle });
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.workspaceId, ws.id), eq(auditEvents.type, "account.connected")));
    expect(audit).toEqual([expect.objectContaining({ actor: "connect-link" })]);

    // The state is single use: the same callback again changes nothing.
    const replay = await browser.open(callback);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("connect_state_invalid");
    expect(await t.db.select().from(events).where(eq(events.workspaceId, ws.id))).toHaveLength(1);
  });

  it("refuses a missing or wrong state and a state of another network, without using the attempt up", async () => {
    const ws = await testWorkspace(t);
    const { url } = await mint(ws, { returnUrl: "https://app.example/done" });
    const browser = new Browser(t);
    const callback = await consent(browser, `${url}/start/linkedin`, `li-${randomString(6)}`);
    const state = new URL(callback).searchParams.get("state") ?? "";

    const wrong = new URL(callback);
    wrong.searchParams.set("state", randomString(32));
    expect((await browser.open(wrong.toString())).status).toBe(400);
    const otherNetwork = callback.replace("/callback/linkedin", "/callback/twitter");
    expect((await browser.open(otherNetwork)).status).toBe(400);
    expect((await browser.open(callback.replace(/state=[^&]+&?/, ""))).status).toBe(400);

    const [session] = await t.db.select().from(connectSessions).where(eq(connectSessions.id, state));
    expect(session?.usedAt).toBeNull();
    expect(await t.db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, ws.id))).toHaveLength(0);

    const finished = await browser.open(callback);
    expect(new URL(location(finished)).searchParams.get("status")).toBe("connected");
  });

  it("sends a denied consent back as status=denied and stores nothing", async () => {
    const ws = await testWorkspace(t);
    const { url } = await mint(ws, { returnUrl: "http://localhost:5173/after" });
    const browser = new Browser(t);
    const callback = await consent(browser, `${url}/start/pinterest`, "whoever", "deny");
    expect(new URL(callback).searchParams.get("error")).toBe("access_denied");
    const back = new URL(location(await browser.open(callback)));
    expect(back.origin).toBe("http://localhost:5173");
    expect(Object.fromEntries(back.searchParams)).toEqual({ status: "denied", platform: "pinterest" });
    expect(await t.db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, ws.id))).toHaveLength(0);
    expect(await t.db.select().from(events).where(eq(events.workspaceId, ws.id))).toHaveLength(0);
  });

  it("reports other network errors and a sign-in that took longer than 10 minutes as status=error", async () => {
    const ws = await testWorkspace(t);
    const { url } = await mint(ws, { returnUrl: "https://app.example/done" });
    const browser = new Browser(t);
    const started = await browser.open(`${url}/start/youtube`);
    const state = new URL(location(started)).searchParams.get("state") ?? "";
    const failed = await browser.open(`/connect/callback/youtube?state=${state}&error=server_error&error_description=${encodeURIComponent("Backend unavailable")}`);
    expect(Object.fromEntries(new URL(location(failed)).searchParams)).toEqual({ status: "error", code: "platform_rejected", message: "Backend unavailable", platform: "youtube" });

    const callback = await consent(browser, `${url}/start/tiktok`, `tt-${randomString(6)}`);
    t.clock.advance(10 * 60_000 + 1);
    const late = new URL(location(await browser.open(callback)));
    expect(late.searchParams.get("status")).toBe("error");
    expect(late.searchParams.get("code")).toBe("connect_link_expired");
    expect(await t.db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, ws.id))).toHaveLength(0);
  });

  it("shows 'Connected as @handle' when the link has no returnUrl, through Instagram's Facebook-Page door", async () => {
    const ws = await testWorkspace(t);
    const { url } = await mint(ws);
    const browser = new Browser(t);
    const handle = `brand-${randomString(6)}`;
    const callback = await consent(browser, `${url}/start/instagram?variant=facebook_login`, handle);
    const page = await browser.open(callback);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<h1 id="connected">Connected as @[^<]+<\/h1>/);
    expect(html).toContain(`href="${url}"`);
    const listed = (await ws.get("/v1/social-accounts")).body;
    expect(listed.accounts).toEqual([expect.objectContaining({ platform: "instagram", connectVariant: "facebook_login", discovers: { creators: true } })]);
    expect(html).toContain(`@${String(listed.accounts[0]?.handle)}`);
  });

  it("sends live links to the real network's authorize URL, and says so when no app credentials exist", async () => {
    const live = await createTestApp({ deps: { networks: testNetworkDeps({ appCredentials: { twitter: { clientId: "live-client-id", clientSecret: "live-secret" } } }) } });
    const ws = await testWorkspace(live, { mode: "live" });
    const { url } = await mint(ws);
    const browser = new Browser(live);
    const started = await browser.open(`${url}/start/twitter`);
    expect(started.status).toBe(302);
    const authorize = new URL(location(started));
    expect(authorize.origin + authorize.pathname).toBe("https://x.com/i/oauth2/authorize");
    expect(authorize.searchParams.get("client_id")).toBe("live-client-id");
    const [session] = await sessionsOf(live, ws.id);
    expect(session).toMatchObject({ mode: "live", platform: "twitter", id: authorize.searchParams.get("state") });

    const missing = await browser.open(`${url}/start/pinterest`);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("app_credentials_missing");
  });
});

describe("connecting Bluesky through the hosted page", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("shows a handle and app password form, connects, and re-shows the form with the fix on a wrong password", async () => {
    const ws = await testWorkspace(t);
    const handle = `pat-${randomString(6).toLowerCase()}.test`;
    const { url } = await mint(ws, { returnUrl: "https://app.example/done" });
    const browser = new Browser(t);
    const form = await browser.open(`${url}/start/bluesky`);
    expect(form.status).toBe(200);
    const html = await form.text();
    for (const id of ['id="handle"', 'id="app-password"', 'id="connect"', 'type="password"']) expect(html).toContain(id);

    const connected = await browser.open(`${url}/start/bluesky`, { form: { handle, appPassword: "abcd-efgh-ijkl-mnop" } });
    expect(connected.status).toBe(303);
    const back = new URL(location(connected));
    expect(back.searchParams.get("status")).toBe("connected");
    expect(back.searchParams.get("platform")).toBe("bluesky");
    const account = (await ws.get(`/v1/social-accounts/${back.searchParams.get("account") ?? ""}`)).body;
    expect(account).toMatchObject({ platform: "bluesky", handle, status: "active" });

    // The simulated person exists in this workspace's sandbox world (each workspace has its own).
    const otherLink = await mint(ws);
    const wrong = await browser.open(`${otherLink.url}/start/bluesky`, { form: { handle, appPassword: "wrong-pass-word-xxxx" } });
    expect(wrong.status).toBe(400);
    const again = await wrong.text();
    expect(again).toContain('id="error-fix"');
    expect(again).toMatch(/App passwords/);
    expect(again).toContain(`value="${handle}"`);
    expect(again).not.toContain("wrong-pass-word-xxxx");
    expect(await t.db.select().from(socialAccounts).where(eq(socialAccounts.workspaceId, ws.id))).toHaveLength(1);

    const empty = await browser.open(`${otherLink.url}/start/bluesky`, { form: { handle: "", appPassword: "" } });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('id="error-message"');
  });
});
