import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli/commands.js";
import { apiKeys, appLinks, dashboardSessions, posts } from "../../src/db/schema/index.js";
import { type TestApp, createTestApp, errorOf } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

const ORIGIN = "http://chorus.test";

/** A browser over app.request: keeps the session cookie, sends forms, follows nothing. */
class Browser {
  cookie: string | null = null;
  constructor(private t: TestApp) {}

  async get(path: string): Promise<Response> {
    return this.t.app.request(`${ORIGIN}${path}`, { headers: this.cookie ? { cookie: this.cookie } : {} });
  }

  async post(path: string, form: Record<string, string | string[]> = {}, headers: Record<string, string> = {}): Promise<Response> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(form)) for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    const response = await this.t.app.request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
      body: body.toString(),
    });
    const set = response.headers.get("set-cookie");
    if (set) this.cookie = set.split(";")[0] ?? null;
    return response;
  }

  /** The CSRF token the current page's forms carry. */
  async csrf(path = "/dashboard"): Promise<string> {
    const html = await (await this.get(path)).text();
    const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
    expect(token, "the page has a form token").toBeTruthy();
    return token ?? "";
  }
}

async function appLink(ws: WorkspaceFixture) {
  const response = await ws.post("/v1/app-link");
  expect(response.status, response.text).toBe(201);
  return response.body;
}

const pathOf = (url: string) => new URL(url).pathname;

async function signIn(t: TestApp, ws: WorkspaceFixture): Promise<Browser> {
  const browser = new Browser(t);
  const response = await browser.post(pathOf((await appLink(ws)).url));
  expect(response.status, await response.clone().text()).toBe(303);
  expect(response.headers.get("location")).toBe("/dashboard");
  return browser;
}

describe("POST /v1/app-link and dashboard sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("mints a single-use, 5-minute link, stored only as a hash", async () => {
    const ws = await testWorkspace(t);
    const link = await appLink(ws);
    expect(link.url).toMatch(/^http:\/\/chorus\.test\/dashboard\/signin\/al_[0-9A-Za-z]{43}$/);
    expect(link.expiresAt).toBe(new Date(t.clock.now().getTime() + 5 * 60_000).toISOString());
    const token = pathOf(link.url).split("/").at(-1) ?? "";
    const rows = await t.db.select().from(appLinks).where(eq(appLinks.workspaceId, ws.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("signs in once: a confirm page on GET, a session cookie (HttpOnly, Secure, SameSite=Lax) on POST, the workspace's dashboard", async () => {
    const ws = await testWorkspace(t);
    const link = await appLink(ws);
    const browser = new Browser(t);
    const confirm = await browser.get(pathOf(link.url));
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain('id="signin"');
    expect(await t.db.select().from(dashboardSessions).where(eq(dashboardSessions.workspaceId, ws.id)), "GET spends nothing").toHaveLength(0);

    const response = await browser.post(pathOf(link.url));
    expect(response.status).toBe(303);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^chorus_dashboard=ds_[0-9A-Za-z]{43};/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/dashboard");
    expect(cookie).toContain("Max-Age=43200");

    const overview = await browser.get("/dashboard");
    expect(overview.status).toBe(200);
    const html = await overview.text();
    expect(html).toContain('id="test-banner"');
    expect(overview.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/);

    const again = await new Browser(t).post(pathOf(link.url));
    expect(again.status).toBe(410);
    expect(await again.text()).toContain("app_link_used");
    expect(await t.db.select().from(dashboardSessions).where(eq(dashboardSessions.workspaceId, ws.id))).toHaveLength(1);
  });

  it("refuses a link after 5 minutes, and it stays spent", async () => {
    const ws = await testWorkspace(t);
    const link = await appLink(ws);
    t.clock.advance(5 * 60_000 + 1);
    const late = await new Browser(t).post(pathOf(link.url));
    expect(late.status).toBe(410);
    expect(await late.text()).toContain("app_link_expired");
    expect(await t.db.select().from(dashboardSessions).where(eq(dashboardSessions.workspaceId, ws.id))).toHaveLength(0);
    const [row] = await t.db.select().from(appLinks).where(eq(appLinks.workspaceId, ws.id));
    expect(row?.usedAt).not.toBeNull();
  });

  it("refuses an altered link and a sign-in posted from another site", async () => {
    const ws = await testWorkspace(t);
    const link = await appLink(ws);
    const altered = await new Browser(t).post(`${pathOf(link.url).slice(0, -1)}0`);
    expect(altered.status).toBe(400);
    expect(await altered.text()).toContain("app_link_invalid");
    const forged = await new Browser(t).post(pathOf(link.url), {}, { origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect(await t.db.select().from(dashboardSessions).where(eq(dashboardSessions.workspaceId, ws.id))).toHaveLength(0);
  });

  it("shows a session only its own workspace: another workspace's post is 404 and its key cannot be revoked", async () => {
    const mine = await testWorkspace(t);
    const theirs = await testWorkspace(t);
    const account = (await theirs.connect("twitter", { handle: "their-handle" })).id;
    await theirs.publish({ text: "theirs", accounts: [account], draft: true });
    const [theirPost] = await t.db.select({ id: posts.id }).from(posts).where(eq(posts.workspaceId, theirs.id));
    const browser = await signIn(t, mine);
    const page = await browser.get(`/dashboard/posts/${theirPost?.id ?? "missing"}`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain("theirs");
    const csrf = await browser.csrf("/dashboard/developers");
    const revoke = await browser.post(`/dashboard/keys/${theirs.keyId}/revoke`, { _csrf: csrf, confirmed: "yes" });
    expect(revoke.status).toBe(404);
    const [key] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, theirs.keyId));
    expect(key?.revokedAt).toBeNull();
    expect((await theirs.get("/v1/me")).status).toBe(200);
  });

  it("writes nothing for a form posted without its CSRF token, or with another session's", async () => {
    const ws = await testWorkspace(t);
    const other = await testWorkspace(t);
    const browser = await signIn(t, ws);
    const stranger = await signIn(t, other);
    const count = async () => (await t.db.select().from(apiKeys).where(eq(apiKeys.workspaceId, ws.id))).length;
    const before = await count();

    const missing = await browser.post("/dashboard/keys", { name: "no token", mode: "test" });
    expect(missing.status).toBe(403);
    expect(await missing.text()).toContain("csrf_token_invalid");
    const foreign = await browser.post("/dashboard/keys", { name: "their token", mode: "test", _csrf: await stranger.csrf() });
    expect(foreign.status).toBe(403);
    expect(await count()).toBe(before);

    const created = await browser.post("/dashboard/keys", { name: "with token", mode: "test", _csrf: await browser.csrf() });
    expect(created.status).toBe(201);
    const html = await created.text();
    const key = /id="new-key">\s*(sk_test_[0-9A-Za-z]{40})/.exec(html)?.[1] ?? "";
    expect(key).not.toBe("");
    expect(await count()).toBe(before + 1);
    const listed = await browser.get("/dashboard/developers");
    expect(await listed.text(), "shown once").not.toContain(key);
  });

  it("ends a session on sign-out, after 30 idle minutes, and 12 hours after sign-in", async () => {
    const ws = await testWorkspace(t);
    const out = await signIn(t, ws);
    const signedOut = await out.post("/dashboard/signout", { _csrf: await out.csrf() });
    expect(signedOut.status).toBe(200);
    expect((await out.get("/dashboard")).status).toBe(401);

    const idle = await signIn(t, ws);
    t.clock.advance(29 * 60_000);
    expect((await idle.get("/dashboard")).status).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await idle.get("/dashboard")).status, "used 29 minutes ago: still open").toBe(200);
    t.clock.advance(30 * 60_000);
    expect((await idle.get("/dashboard")).status).toBe(401);

    const long = await signIn(t, ws);
    for (let i = 0; i < 25; i++) {
      t.clock.advance(29 * 60_000);
      await long.get("/dashboard");
    }
    expect((await long.get("/dashboard")).status).toBe(401);
  });

  it("keeps a test key's session to test data, and to test keys", async () => {
    const ws = await testWorkspace(t);
    const browser = await signIn(t, ws);
    const csrf = await browser.csrf();
    const live = await browser.post("/dashboard/keys", { name: "live", mode: "live", _csrf: csrf });
    expect(live.status).toBe(400);
    const liveKeys = await t.db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.workspaceId, ws.id), eq(apiKeys.mode, "live"), isNull(apiKeys.revokedAt)));
    expect(liveKeys).toHaveLength(0);
    const toLive = await browser.post("/dashboard/mode", { to: "live", _csrf: csrf });
    expect(toLive.status).toBe(400);
  });

  it("lets a live key's session switch to test data and back", async () => {
    const ws = await testWorkspace(t, { mode: "live" });
    const browser = await signIn(t, ws);
    expect(await (await browser.get("/dashboard")).text()).not.toContain('id="test-banner"');
    const csrf = await browser.csrf();
    expect((await browser.post("/dashboard/mode", { to: "test", _csrf: csrf })).status).toBe(303);
    expect(await (await browser.get("/dashboard")).text()).toContain('id="test-banner"');
  });

  it("mints the same link from the operator CLI", async () => {
    const ws = await testWorkspace(t);
    const minted = (await runCommand(t.db, "app-link", { workspace: ws.id, url: "https://chorus.example.com/" }, t.clock.now())) as { url: string; expiresAt: string };
    expect(minted.url).toMatch(/^https:\/\/chorus\.example\.com\/dashboard\/signin\/al_/);
    const browser = new Browser(t);
    expect((await browser.post(pathOf(minted.url))).status).toBe(303);
    const html = await (await browser.get("/dashboard")).text();
    expect(html, "the operator's link opens a live session").not.toContain('id="test-banner"');
    await expect(runCommand(t.db, "app-link", { workspace: "ws_missing" }, t.clock.now())).rejects.toThrow(/No workspace/);
  });

  it("serves htmx from Chorus itself", async () => {
    const response = await t.app.request(`${ORIGIN}/dashboard/assets/htmx.min.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/javascript");
    expect((await response.text()).length).toBeGreaterThan(10_000);
  });

  it("shows the signed-out page, never a 500, without a session", async () => {
    const response = await new Browser(t).get("/dashboard/posts");
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("app-link");
    const error = await errorOf(await t.app.request(`${ORIGIN}/v1/app-link`, { method: "POST" }));
    expect(error.code).toBe("unauthorized");
  });
});
