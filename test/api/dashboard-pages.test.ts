import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appLinks, dashboardSessions, media, posts, socialAccounts } from "../../src/db/schema/index.js";
import { purgeDashboardSessions } from "../../src/domain/workspaces/dashboard/purge-sessions.js";
import { grantCredits } from "../../src/domain/workspaces/operator-actions.js";
import { png } from "../unit/media-fixtures.js";
import { DashboardSession } from "../support/dashboard-session.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

async function connect(ws: WorkspaceFixture, platform: string, handle: string): Promise<string> {
  const response = await ws.post("/v1/social-accounts/connect", { platform, handle });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

describe("dashboard pages over the API's domain functions", { timeout: 90_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("composes: validation as you type, publish, and a failed target's code and fix on the post page", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const ok = await connect(ws, "twitter", "dash-ok");
    const refused = await connect(ws, "pinterest", "dash-pin");
    const session = await DashboardSession.open(t, ws);
    const compose = await session.page("/dashboard/compose");
    expect(compose.html).toContain("@dash-ok");

    const checked = await session.submit("/dashboard/compose/validate", { text: "x".repeat(300), accounts: [ok] });
    expect(checked.status).toBe(200);
    expect(checked.html).toContain("will be refused");
    expect(checked.html).toContain("How to fix");

    // Pinterest needs an image: the form comes back as typed, in plain words, and nothing is stored or sent.
    const held = await session.submit("/dashboard/compose", { text: "Hello from the dashboard", accounts: [ok, refused], action: "publish" });
    expect(held.status).toBe(400);
    expect(held.html).toContain("will be refused");
    expect(held.html).toContain("Hello from the dashboard");
    expect(held.html).toContain(`value="${refused}" checked`);
    expect(held.html, "fixes are for people: no endpoint, no backticks").not.toMatch(/\/v1\/|`/);
    expect(await t.db.select().from(posts).where(eq(posts.workspaceId, ws.id))).toHaveLength(0);
    const published = await session.submit("/dashboard/compose", { text: "Hello from the dashboard", accounts: [ok], action: "publish" });
    expect(published.status, published.html).toBe(303);
    const post = await session.page(published.location ?? "");
    expect(post.html).toContain('id="target-twitter"');
    expect(post.html).toMatch(/class="network-link" href="https?:\/\//);
    expect(post.html).toContain('id="post-links"');
  });

  it("refuses a compose with no account with the request's code, storing nothing", async () => {
    const ws = await testWorkspace(t);
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");
    const refused = await session.submit("/dashboard/compose", { text: "nowhere", action: "publish" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("no_target");
    expect(await t.db.select().from(posts).where(eq(posts.workspaceId, ws.id))).toHaveLength(0);
  });

  it("schedules, moves and cancels a post from the calendar", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "twitter", "dash-cal");
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");
    const scheduled = await session.submit("/dashboard/compose", { text: "Later", accounts: [account], scheduleDate: "2030-01-31", scheduleTime: "09:30", timezone: "UTC", action: "schedule" });
    expect(scheduled.status, scheduled.html).toBe(303);
    const id = (scheduled.location ?? "").split("/").at(-1) ?? "";
    const calendar = await session.page("/dashboard/calendar?view=week&date=2030-01-31&tz=UTC");
    expect(calendar.html).toContain('id="day-2030-01-31"');
    expect(calendar.html).toContain(`id="scheduled-${id}"`);

    const moved = await session.submit(`/dashboard/posts/${id}/move`, { scheduledAt: "2030-02-02T10:00" });
    expect(moved.status, moved.html).toBe(303);
    const [row] = await t.db.select().from(posts).where(eq(posts.id, id));
    expect(row?.scheduledAt?.toISOString()).toBe("2030-02-02T10:00:00.000Z");

    const asked = await session.submit(`/dashboard/posts/${id}/cancel`, {});
    expect(asked.status).toBe(200);
    expect(asked.html).toContain('name="confirmed" value="yes"');
    expect((await t.db.select().from(posts).where(eq(posts.id, id)))[0]?.state, "nothing happens before the confirmation").toBe("scheduled");
    const cancelled = await session.submit(`/dashboard/posts/${id}/cancel`, { confirmed: "yes" });
    expect(cancelled.status).toBe(303);
    const [after] = await t.db.select().from(posts).where(eq(posts.id, id));
    expect(after?.state).toBe("cancelled");
    expect((await session.page("/dashboard/calendar?view=month&date=2030-02-02&tz=UTC")).html).toContain('id="no-scheduled"');
  });

  it("lists accounts with their health, reconnects through the hosted page and disconnects", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "twitter", "dash-acc");
    const session = await DashboardSession.open(t, ws);
    const list = await session.page("/dashboard/accounts");
    expect(list.html).toContain(`id="account-${account}"`);
    expect(list.html).toContain("state-active");
    const reconnect = await session.submit(`/dashboard/accounts/${account}/reconnect`, {});
    expect(reconnect.status).toBe(303);
    expect(reconnect.location).toMatch(/^http:\/\/chorus\.test\/connect\/[^/]+\/start\/twitter$/);
    const connectLink = await session.submit("/dashboard/accounts/connect", { profile: "" });
    expect(connectLink.location).toMatch(/^http:\/\/chorus\.test\/connect\/[^/]+$/);
    const back = await session.page("/dashboard/accounts?status=error&code=connect_state_invalid&message=%3Cb%3Eowned%3C%2Fb%3E&platform=twitter");
    expect(back.html).toContain("Could not connect.");
    expect(back.html).not.toContain("/v1/");
    expect(back.html, "the returnUrl's message text is never shown").not.toContain("owned");
    const gone = await session.submit(`/dashboard/accounts/${account}/disconnect`, { confirmed: "yes" });
    expect(gone.status).toBe(303);
    const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, account));
    expect(row?.status).toBe("disconnected");
  });

  it("renders every page of the navigation", async () => {
    const ws = await testWorkspace(t);
    const session = await DashboardSession.open(t, ws);
    for (const path of [
      "/dashboard",
      "/dashboard/accounts",
      "/dashboard/posts",
      "/dashboard/posts?state=failed",
      "/dashboard/compose",
      "/dashboard/calendar",
      "/dashboard/calendar?view=month",
      "/dashboard/media",
      "/dashboard/queue",
      "/dashboard/approvals",
      "/dashboard/credits",
      "/dashboard/developers",
      "/dashboard/developers/audit",
      "/dashboard/developers/email",
    ]) {
      const page = await session.page(path);
      expect(page.status, `${path}: ${page.html.slice(0, 300)}`).toBe(200);
      expect(page.html).toContain("<h1>");
    }
    const bad = await session.page("/dashboard/posts?state=nonsense");
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("field_invalid");
  });

  it("shows the credit history of the viewed ledger: credits kept by published targets, and grants", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const session = await DashboardSession.open(t, ws);
    expect((await session.page("/dashboard/credits")).html).toContain('id="no-history"');
    const accounts = [await connect(ws, "twitter", "hist-x"), await connect(ws, "threads", "hist-threads")];
    const published = await ws.post("/v1/posts", { text: "Counted once per target", accounts });
    expect(published.status, published.text).toBe(201);
    await grantCredits(t.db, { workspaceId: ws.id, amount: 7, purchased: false, mode: "test", at: t.clock.now() });
    await grantCredits(t.db, { workspaceId: ws.id, amount: 50, purchased: false, mode: "live", at: t.clock.now() });
    const page = await session.page("/dashboard/credits");
    const today = t.clock.now().toISOString().slice(0, 10);
    const row = new RegExp(`<td[^>]*>${today}</td><td[^>]*>(\\d+)</td><td[^>]*>(\\d+)</td><td[^>]*>(\\d+)`).exec(page.html);
    // Two targets kept a credit each; the live grant belongs to the other ledger.
    expect(row?.slice(1)).toEqual(["2", "2", "7"]);
    expect(page.html).toContain('id="credits-spent">2<');
    expect((await session.page("/dashboard")).html).toContain('href="/dashboard/credits"');
  });

  it("purges app links and sessions a week after they expired or ended, and nothing newer", async () => {
    const ws = await testWorkspace(t);
    const session = await DashboardSession.open(t, ws);
    expect(session).toBeDefined();
    const [before] = await t.db.select().from(dashboardSessions).where(eq(dashboardSessions.workspaceId, ws.id));
    expect(before).toBeDefined();
    const at = t.clock.now().getTime();
    const eightDaysOn = { now: () => new Date(at + 8 * 86_400_000) };
    const sixDaysOn = { now: () => new Date(at + 6 * 86_400_000) };
    const runtime = (clock: { now: () => Date }) => ({ db: t.db, clock, services: {} as never });
    await purgeDashboardSessions(runtime(sixDaysOn));
    expect(await t.db.select().from(appLinks).where(eq(appLinks.workspaceId, ws.id))).toHaveLength(1);
    expect(await t.db.select().from(dashboardSessions).where(eq(dashboardSessions.workspaceId, ws.id))).toHaveLength(1);
    await purgeDashboardSessions(runtime(eightDaysOn));
    expect(await t.db.select().from(appLinks).where(eq(appLinks.workspaceId, ws.id))).toHaveLength(0);
    expect(await t.db.select().from(dashboardSessions).where(eq(dashboardSessions.workspaceId, ws.id))).toHaveLength(0);
  });

  it("saves email preferences and shows the audit log", async () => {
    const ws = await testWorkspace(t);
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/developers/email");
    const saved = await session.submit("/dashboard/developers/email", { weeklyDigest: "on" });
    expect(saved.status).toBe(303);
    const prefs = (await ws.get("/v1/email-preferences")).body;
    expect(prefs).toMatchObject({ weeklyDigest: true, publishFailures: false });
    const audit = await session.page("/dashboard/developers/audit");
    expect(audit.html).toContain("dashboard.login");
  });

  it("uploads media through the API's upload and puts its id in the post", async () => {
    const ws = await testWorkspace(t);
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");
    const account = await connect(ws, "twitter", "dash-upload");
    const uploaded = await session.upload("/dashboard/compose/media", { text: "With a picture", accounts: account }, new File([png(1200, 628)], "card.png", { type: "image/png" }));
    expect(uploaded.status, uploaded.html.slice(0, 400)).toBe(200);
    expect(uploaded.html).toContain('id="uploaded"');
    const id = /name="media" value="(med_[A-Za-z0-9]+)"/.exec(uploaded.html)?.[1] ?? "";
    // The text and the ticked account survive the upload, and the file gets an alt text field.
    expect(uploaded.html).toContain(`value="${account}" checked`);
    expect(uploaded.html).toContain('name="mediaAlt"');
    expect(id).toMatch(/^med_/);
    expect(uploaded.html).toContain(`name="media" value="${id}"`);
    expect(uploaded.html).toContain("With a picture");
    const [row] = await t.db.select().from(media).where(eq(media.id, id));
    expect(row?.workspaceId).toBe(ws.id);

    const refused = await session.upload("/dashboard/compose/media", {}, new File([new TextEncoder().encode("%PDF-1.7")], "doc.pdf", { type: "image/png" }));
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('id="validation-problem"');
  });

  it("publishes once when the same compose form is sent twice (a double click)", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "twitter", "dash-twice");
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/compose");
    const form = { text: "Only once", accounts: [account], action: "publish" };
    const [first, second] = await Promise.all([session.submit("/dashboard/compose", form), session.submit("/dashboard/compose", form)]);
    const answers = [first.status, second.status].sort();
    expect(answers[0]).toBe(303);
    const again = await session.submit("/dashboard/compose", form);
    expect(again.status).toBe(303);
    expect(again.location).toBe(first.status === 303 ? first.location : second.location);
    expect(await t.db.select().from(posts).where(eq(posts.workspaceId, ws.id))).toHaveLength(1);
  });

  it("refuses a form over 1 MB before reading it, writing nothing", async () => {
    const ws = await testWorkspace(t);
    const session = await DashboardSession.open(t, ws);
    await session.page("/dashboard/developers/email");
    const huge = await session.submit("/dashboard/developers/email", { weeklyDigest: "on", padding: "x".repeat(1024 * 1024 + 1) });
    expect(huge.status).toBe(400);
    expect(huge.html).toContain("body_too_large");
    const prefs = (await ws.get("/v1/email-preferences")).body;
    expect(prefs.weeklyDigest).toBe(false);
  });
});
