import { beforeAll, describe, expect, it } from "vitest";
import { randomString } from "../../src/infra/ids.js";
import { skipWithout } from "../support/required-service.js";
import { chromiumMissing } from "../support/browser.js";
import { dashboardInBrowser } from "../support/dashboard-browser.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

const missing = chromiumMissing();
skipWithout("chromium", missing, "dashboard in a real browser");

async function appLink(ws: WorkspaceFixture): Promise<string> {
  const link = await ws.post("/v1/app-link");
  expect(link.status, link.text).toBe(201);
  return link.body.url;
}

describe.skipIf(missing !== null)("dashboard in a real browser", { timeout: 90_000 }, () => {
  const dash = dashboardInBrowser({ shots: "dashboard", deps: { loopbackWebhooks: true }, failedLoads: true });
  let ws: WorkspaceFixture;

  beforeAll(async () => {
    // The console says only "404"; name the resource so a failure says what was missing.
    dash.page.on("response", (response) => {
      if (response.status() === 404) dash.problems.push(`404 ${response.url()}`);
    });
    ws = await testWorkspace(dash.served.t, { plan: "subscription" });
  }, 60_000);

  it("signs in through an app link, and the link is refused a second time", async () => {
    const url = await appLink(ws);
    await dash.page.goto(url);
    await dash.inspect(dash.page, "signin");
    await dash.page.click("#signin");
    await dash.page.waitForURL(`${dash.served.origin}/dashboard`);
    await expect(dash.page.locator("h1").textContent()).resolves.toBe("Overview");
    await expect(dash.page.locator("#test-banner").isVisible()).resolves.toBe(true);
    const cookies = await dash.context.cookies();
    expect(cookies.find((c) => c.name === "chorus_dashboard")).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax" });
    await dash.inspect(dash.page, "overview");

    const other = await dash.browser.newPage();
    await other.goto(url);
    await other.click("#signin");
    await expect(other.locator("#error-code").textContent()).resolves.toBe("app_link_used");
    await other.close();
  });

  it("connects a sandbox account through the hosted connect page", async () => {
    await dash.page.goto(`${dash.served.origin}/dashboard/accounts`);
    await dash.inspect(dash.page, "accounts-empty");
    await dash.page.click("#connect");
    await dash.page.waitForURL(/\/connect\/[^/]+$/);
    await dash.page.click("#connect-twitter");
    await dash.page.waitForURL(/\/sandbox\/x\.com\/i\/oauth2\/authorize\?/);
    await dash.page.fill("#handle", `dash-${randomString(6).toLowerCase()}`);
    await dash.page.click("#approve");
    // The hosted flow returns to the dashboard (127.0.0.1 over http is allowed as a returnUrl).
    await dash.page.waitForURL(/\/dashboard\/accounts\?.*status=connected/);
    await expect(dash.page.locator("#notice").textContent()).resolves.toBe("The account is connected.");
    await expect(dash.page.locator("#accounts tbody tr").count()).resolves.toBe(1);
    await expect(dash.page.locator("#accounts .state-active").textContent()).resolves.toBe("active");
    await dash.inspect(dash.page, "accounts");
  });

  it("composes with validation as you type, publishes, and shows the network link", async () => {
    await dash.page.goto(`${dash.served.origin}/dashboard/compose`);
    await dash.page.check("input[name=accounts]");
    await dash.page.fill("#text", "x".repeat(300));
    await dash.page.waitForSelector("#validation :text('will be refused')");
    await dash.inspect(dash.page, "compose-invalid");
    await dash.page.fill("#text", `Hello from the dashboard ${randomString(6)}`);
    await dash.page.waitForSelector("#validation :text('ready')");
    await dash.page.click("#publish");
    await dash.page.waitForURL(/\/dashboard\/posts\/post_/);
    await expect(dash.page.locator("#target-twitter .badge").textContent()).resolves.toBe("published");
    await expect(dash.page.locator("#target-twitter a.network-link").getAttribute("href")).resolves.toMatch(/^https?:\/\//);
    await dash.inspect(dash.page, "post-published");
  });

  it("reads the inbox: notifications, comments with a reply, a conversation with a reply, and analytics", async () => {
    const post = (await ws.read("/v1/posts?state=published")).items[0]?.id ?? "";
    const account = (await ws.read("/v1/social-accounts")).accounts[0]?.id ?? "";
    await ws.simulate(account, { action: "reply", post, actor: "x_carol", text: "Love this" });
    const inbound = await ws.post(`/v1/sandbox/social-accounts/${account}/inbound`, { kind: "message", text: "Are you open today?", from: "x_ada" });
    expect(inbound.status, inbound.text).toBe(200);

    await dash.page.goto(`${dash.served.origin}/dashboard/inbox`);
    await dash.inspect(dash.page, "inbox");
    await dash.page.goto(`${dash.served.origin}/dashboard/inbox/comments`);
    await dash.inspect(dash.page, "inbox-comments");
    await dash.page.click(`a[href="/dashboard/posts/${post}/comments"]`);
    await dash.page.waitForSelector("li.comment");
    await dash.inspect(dash.page, "comments");
    await dash.page.fill("li.comment textarea", "Thank you Carol");
    await dash.page.click("li.comment button.primary");
    await dash.page.waitForSelector("#notice");
    await expect(dash.page.locator("#notice").textContent()).resolves.toBe("Your reply was posted.");

    await dash.page.goto(`${dash.served.origin}/dashboard/inbox/conversations`);
    await dash.inspect(dash.page, "conversations");
    await dash.page.click("#conversations a");
    await dash.page.waitForSelector("#messages");
    await dash.inspect(dash.page, "conversation");
    await dash.page.fill("#message-text", "Yes, until 6 pm.");
    await dash.page.click("#send-message");
    await dash.page.waitForSelector("#notice");
    await expect(dash.page.locator("#messages").textContent()).resolves.toContain("Yes, until 6 pm.");

    await dash.page.goto(`${dash.served.origin}/dashboard/analytics?period=7d`);
    await dash.inspect(dash.page, "analytics");
    await dash.page.goto(`${dash.served.origin}/dashboard/posts/${post}/analytics`);
    await dash.inspect(dash.page, "post-analytics");
  });

  it("shows a failed target's fix", async () => {
    const id = (await ws.read("/v1/social-accounts")).accounts[0]?.id ?? "";
    const fault = await ws.put(`/v1/sandbox/social-accounts/${id}/fault`, { fault: "revoked_permission" });
    expect(fault.status, fault.text).toBe(200);
    await dash.page.goto(`${dash.served.origin}/dashboard/compose`);
    await dash.page.check("input[name=accounts]");
    await dash.page.fill("#text", `This one is refused ${randomString(6)}`);
    await dash.page.click("#publish");
    await dash.page.waitForURL(/\/dashboard\/posts\/post_/);
    await expect(dash.page.locator("#target-twitter .badge").textContent()).resolves.toBe("failed");
    await expect(dash.page.locator("#target-twitter .error-fix").textContent()).resolves.toMatch(/^How to fix: ./);
    await dash.inspect(dash.page, "post-failed");
    await dash.page.goto(`${dash.served.origin}/dashboard/posts?state=failed`);
    await expect(dash.page.locator("#posts tbody tr").count()).resolves.toBe(1);
    await dash.inspect(dash.page, "posts");
    await ws.put(`/v1/sandbox/social-accounts/${id}/fault`, { fault: null });
  });

  it("schedules a post, then moves and cancels it on the calendar", async () => {
    await dash.page.goto(`${dash.served.origin}/dashboard/compose`);
    await dash.page.check("input[name=accounts]");
    await dash.page.fill("#text", `Later ${randomString(6)}`);
    await dash.page.fill("#scheduleDate", "2030-01-31");
    await dash.page.fill("#scheduleTime", "09:30");
    await dash.page.selectOption("#timezone", "UTC");
    await dash.page.click("#schedule");
    await dash.page.waitForURL(/\/dashboard\/posts\/post_/);
    await expect(dash.page.locator(".badge").first().textContent()).resolves.toBe("scheduled");
    const id = dash.page.url().split("/").at(-1) ?? "";
    await dash.page.goto(`${dash.served.origin}/dashboard/calendar?view=week&date=2030-01-31&tz=UTC`);
    await dash.inspect(dash.page, "calendar");
    await dash.page.click(`#scheduled-${id} summary`);
    await dash.page.fill(`#move-date-${id}`, "2030-02-02");
    await dash.page.fill(`#move-time-${id}`, "10:00");
    await dash.page.click(`#move-button-${id}`);
    await dash.page.waitForSelector("#notice");
    await dash.page.goto(`${dash.served.origin}/dashboard/calendar?view=week&date=2030-02-02&tz=UTC`);
    await expect(dash.page.locator(`#day-2030-02-02 #scheduled-${id} time`).textContent()).resolves.toBe("10:00");
    await dash.page.click(`#scheduled-${id} summary`);
    await dash.page.click(`#cancel-${id}`);
    await dash.page.waitForSelector("#confirm");
    await dash.inspect(dash.page, "confirm-cancel");
    await dash.page.click("#confirm");
    await dash.page.waitForSelector("#no-scheduled");
  });

  it("creates a key shown once, and revokes it", async () => {
    await dash.page.goto(`${dash.served.origin}/dashboard/developers`);
    await dash.page.fill("#key-name", "browser key");
    await dash.page.click("#create-key");
    const key = ((await dash.page.locator("#new-key").textContent()) ?? "").trim();
    expect(key).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    await dash.inspect(dash.page, "developers-key-created");
    expect((await dash.served.t.app.request("http://chorus.test/v1/me", { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    await dash.page.click(`button[aria-label^="Revoke key browser key"]`);
    await dash.page.click("#confirm");
    await dash.page.waitForSelector("#notice");
    expect(await dash.page.content()).not.toContain(key);
    expect((await dash.served.t.app.request("http://chorus.test/v1/me", { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);
    await dash.inspect(dash.page, "developers");
    for (const [path, name] of [
      ["/dashboard/developers/audit", "audit"],
      ["/dashboard/developers/email", "email"],
      ["/dashboard/credits", "credits"],
    ] as const) {
      await dash.page.goto(`${dash.served.origin}${path}`);
      await dash.inspect(dash.page, name);
    }
  });

  it("registers a webhook endpoint with its secret shown once, and deletes it", async () => {
    // A test key may use plain http on the loopback address; nothing is delivered in this step.
    const url = "http://127.0.0.1:9/chorus-events";
    await dash.page.goto(`${dash.served.origin}/dashboard/webhooks`);
    await dash.page.waitForSelector("#no-endpoints");
    await dash.page.fill("#webhook-url", url);
    await dash.page.check('input[name="events"][value="post.failed"]');
    await dash.page.click("#add-endpoint");
    const secret = ((await dash.page.locator("#new-secret").textContent()) ?? "").trim();
    expect(secret).toMatch(/^whsec_/);
    await dash.inspect(dash.page, "webhook-added");
    const listed = await ws.read("/v1/webhooks");
    expect(listed.items).toEqual([expect.objectContaining({ url, events: ["post.failed"] })]);
    await dash.page.goto(`${dash.served.origin}/dashboard/webhooks`);
    expect(await dash.page.content()).not.toContain(secret);
    await dash.page.click(`a[href="/dashboard/webhooks/${listed.items[0]?.id}"]`);
    await dash.page.waitForSelector("#endpoint-url");
    await dash.inspect(dash.page, "webhook");
    await dash.page.click("#delete-endpoint");
    await dash.page.click("#confirm");
    await dash.page.waitForSelector("#no-endpoints");
    expect((await ws.read("/v1/webhooks")).items).toEqual([]);
  });

  it("signs out, and ran without a script error or CSP violation", async () => {
    await dash.page.goto(`${dash.served.origin}/dashboard`);
    await dash.page.click("#signout");
    await dash.page.waitForSelector("#signed-out");
    await dash.page.goto(`${dash.served.origin}/dashboard`);
    await dash.page.waitForSelector("#signed-out");
    await dash.inspect(dash.page, "signed-out");
    expect(dash.problems.filter((p) => !p.includes("401"))).toEqual([]);
  });
});
