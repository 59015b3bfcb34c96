import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomString } from "../../src/infra/ids.js";
import { skipWithout } from "../support/required-service.js";
import { type ServedApp, chromiumMissing, launchChromium, serveTestApp } from "../support/browser.js";
import type { TestWorkspace } from "../support/test-app.js";

const missing = chromiumMissing();
skipWithout("chromium", missing, "dashboard in a real browser");

const SHOTS = join(process.cwd(), "test-results", "dashboard");
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Every page the person reaches: a screenshot at desktop and phone width, and axe-core with no
 * serious or critical violation. axe is evaluated through the DevTools protocol, which the
 * page's CSP (script-src 'self') does not govern; the pages themselves load no inline script.
 */
async function inspect(page: Page, name: string): Promise<void> {
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(viewports.desktop);
  const violations = await page.evaluate(async (source) => {
    if (!("axe" in window)) (0, eval)(source);
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, axeSource);
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious, `${name}: ${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

async function appLink(ws: TestWorkspace): Promise<string> {
  const response = await ws.request("/v1/app-link", { method: "POST" });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

describe.skipIf(missing !== null)("dashboard in a real browser", { timeout: 90_000 }, () => {
  let served: ServedApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let ws: TestWorkspace;
  const problems: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    served = await serveTestApp({ deps: { loopbackWebhooks: true } });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: viewports.desktop });
    page = await context.newPage();
    // A CSP violation or a script error is a failure: the pages must run under their own policy.
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    // The console says only "404"; name the resource so a failure says what was missing.
    page.on("response", (response) => {
      if (response.status() === 404) problems.push(`404 ${response.url()}`);
    });
    ws = await served.t.workspace({ plan: "subscription" });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it("signs in through an app link, and the link is refused a second time", async () => {
    const url = await appLink(ws);
    await page.goto(url);
    await inspect(page, "signin");
    await page.click("#signin");
    await page.waitForURL(`${served.origin}/dashboard`);
    await expect(page.locator("h1").textContent()).resolves.toBe("Overview");
    await expect(page.locator("#test-banner").isVisible()).resolves.toBe(true);
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "chorus_dashboard")).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax" });
    await inspect(page, "overview");

    const other = await browser.newPage();
    await other.goto(url);
    await other.click("#signin");
    await expect(other.locator("#error-code").textContent()).resolves.toBe("app_link_used");
    await other.close();
  });

  it("connects a sandbox account through the hosted connect page", async () => {
    await page.goto(`${served.origin}/dashboard/accounts`);
    await inspect(page, "accounts-empty");
    await page.click("#connect");
    await page.waitForURL(/\/connect\/[^/]+$/);
    await page.click("#connect-twitter");
    await page.waitForURL(/\/sandbox\/x\.com\/i\/oauth2\/authorize\?/);
    await page.fill("#handle", `dash-${randomString(6).toLowerCase()}`);
    await page.click("#approve");
    // The hosted flow returns to the dashboard (127.0.0.1 over http is allowed as a returnUrl).
    await page.waitForURL(/\/dashboard\/accounts\?.*status=connected/);
    await expect(page.locator("#notice").textContent()).resolves.toBe("The account is connected.");
    await expect(page.locator("#accounts tbody tr").count()).resolves.toBe(1);
    await expect(page.locator("#accounts .state-active").textContent()).resolves.toBe("active");
    await inspect(page, "accounts");
  });

  it("composes with validation as you type, publishes, and shows the network link", async () => {
    await page.goto(`${served.origin}/dashboard/compose`);
    await page.check("input[name=accounts]");
    await page.fill("#text", "x".repeat(300));
    await page.waitForSelector("#validation :text('will be refused')");
    await inspect(page, "compose-invalid");
    await page.fill("#text", `Hello from the dashboard ${randomString(6)}`);
    await page.waitForSelector("#validation :text('ready')");
    await page.click("#publish");
    await page.waitForURL(/\/dashboard\/posts\/post_/);
    await expect(page.locator("#target-twitter .badge").textContent()).resolves.toBe("published");
    await expect(page.locator("#target-twitter a.network-link").getAttribute("href")).resolves.toMatch(/^https?:\/\//);
    await inspect(page, "post-published");
  });

  it("reads the inbox: notifications, comments with a reply, a conversation with a reply, and analytics", async () => {
    const posts = (await (await ws.request("/v1/posts?state=published")).json()) as { items: { id: string; targets: { accountId?: string; account?: string }[] }[] };
    const post = posts.items[0]?.id ?? "";
    const accounts = (await (await ws.request("/v1/social-accounts")).json()) as { accounts: { id: string }[] };
    const account = accounts.accounts[0]?.id ?? "";
    const reply = await ws.request(`/v1/sandbox/social-accounts/${account}/activity`, { method: "POST", json: { action: "reply", post, actor: "x_carol", text: "Love this" } });
    expect(reply.status, await reply.clone().text()).toBe(201);
    const inbound = await ws.request(`/v1/sandbox/social-accounts/${account}/inbound`, { method: "POST", json: { kind: "message", text: "Are you open today?", from: "x_ada" } });
    expect(inbound.status, await inbound.clone().text()).toBe(200);

    await page.goto(`${served.origin}/dashboard/inbox`);
    await inspect(page, "inbox");
    await page.goto(`${served.origin}/dashboard/inbox/comments`);
    await inspect(page, "inbox-comments");
    await page.click(`a[href="/dashboard/posts/${post}/comments"]`);
    await page.waitForSelector("li.comment");
    await inspect(page, "comments");
    await page.fill("li.comment textarea", "Thank you Carol");
    await page.click("li.comment button.primary");
    await page.waitForSelector("#notice");
    await expect(page.locator("#notice").textContent()).resolves.toBe("Your reply was posted.");

    await page.goto(`${served.origin}/dashboard/inbox/conversations`);
    await inspect(page, "conversations");
    await page.click("#conversations a");
    await page.waitForSelector("#messages");
    await inspect(page, "conversation");
    await page.fill("#message-text", "Yes, until 6 pm.");
    await page.click("#send-message");
    await page.waitForSelector("#notice");
    await expect(page.locator("#messages").textContent()).resolves.toContain("Yes, until 6 pm.");

    await page.goto(`${served.origin}/dashboard/analytics?period=7d`);
    await inspect(page, "analytics");
    await page.goto(`${served.origin}/dashboard/posts/${post}/analytics`);
    await inspect(page, "post-analytics");
  });

  it("shows a failed target's fix", async () => {
    const accounts = (await (await ws.request("/v1/social-accounts")).json()) as { accounts: { id: string }[] };
    const id = accounts.accounts[0]?.id ?? "";
    const fault = await ws.request(`/v1/sandbox/social-accounts/${id}/fault`, { method: "PUT", json: { fault: "revoked_permission" } });
    expect(fault.status, await fault.clone().text()).toBe(200);
    await page.goto(`${served.origin}/dashboard/compose`);
    await page.check("input[name=accounts]");
    await page.fill("#text", `This one is refused ${randomString(6)}`);
    await page.click("#publish");
    await page.waitForURL(/\/dashboard\/posts\/post_/);
    await expect(page.locator("#target-twitter .badge").textContent()).resolves.toBe("failed");
    await expect(page.locator("#target-twitter .error-fix").textContent()).resolves.toMatch(/^How to fix: ./);
    await inspect(page, "post-failed");
    await page.goto(`${served.origin}/dashboard/posts?state=failed`);
    await expect(page.locator("#posts tbody tr").count()).resolves.toBe(1);
    await inspect(page, "posts");
    await ws.request(`/v1/sandbox/social-accounts/${id}/fault`, { method: "PUT", json: { fault: null } });
  });

  it("schedules a post, then moves and cancels it on the calendar", async () => {
    await page.goto(`${served.origin}/dashboard/compose`);
    await page.check("input[name=accounts]");
    await page.fill("#text", `Later ${randomString(6)}`);
    await page.fill("#scheduleDate", "2030-01-31");
    await page.fill("#scheduleTime", "09:30");
    await page.selectOption("#timezone", "UTC");
    await page.click("#schedule");
    await page.waitForURL(/\/dashboard\/posts\/post_/);
    await expect(page.locator(".badge").first().textContent()).resolves.toBe("scheduled");
    const id = page.url().split("/").at(-1) ?? "";
    await page.goto(`${served.origin}/dashboard/calendar?view=week&date=2030-01-31&tz=UTC`);
    await inspect(page, "calendar");
    await page.click(`#scheduled-${id} summary`);
    await page.fill(`#move-date-${id}`, "2030-02-02");
    await page.fill(`#move-time-${id}`, "10:00");
    await page.click(`#move-button-${id}`);
    await page.waitForSelector("#notice");
    await page.goto(`${served.origin}/dashboard/calendar?view=week&date=2030-02-02&tz=UTC`);
    await expect(page.locator(`#day-2030-02-02 #scheduled-${id} time`).textContent()).resolves.toBe("10:00");
    await page.click(`#scheduled-${id} summary`);
    await page.click(`#cancel-${id}`);
    await page.waitForSelector("#confirm");
    await inspect(page, "confirm-cancel");
    await page.click("#confirm");
    await page.waitForSelector("#no-scheduled");
  });

  it("creates a key shown once, and revokes it", async () => {
    await page.goto(`${served.origin}/dashboard/developers`);
    await page.fill("#key-name", "browser key");
    await page.click("#create-key");
    const key = ((await page.locator("#new-key").textContent()) ?? "").trim();
    expect(key).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    await inspect(page, "developers-key-created");
    expect((await served.t.app.request("http://chorus.test/v1/me", { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    await page.click(`button[aria-label^="Revoke key browser key"]`);
    await page.click("#confirm");
    await page.waitForSelector("#notice");
    expect(await page.content()).not.toContain(key);
    expect((await served.t.app.request("http://chorus.test/v1/me", { headers: { authorization: `Bearer ${key}` } })).status).toBe(401);
    await inspect(page, "developers");
    for (const [path, name] of [
      ["/dashboard/developers/audit", "audit"],
      ["/dashboard/developers/email", "email"],
      ["/dashboard/credits", "credits"],
    ] as const) {
      await page.goto(`${served.origin}${path}`);
      await inspect(page, name);
    }
  });

  it("registers a webhook endpoint with its secret shown once, and deletes it", async () => {
    // A test key may use plain http on the loopback address; nothing is delivered in this step.
    const url = "http://127.0.0.1:9/chorus-events";
    await page.goto(`${served.origin}/dashboard/webhooks`);
    await page.waitForSelector("#no-endpoints");
    await page.fill("#webhook-url", url);
    await page.check('input[name="events"][value="post.failed"]');
    await page.click("#add-endpoint");
    const secret = ((await page.locator("#new-secret").textContent()) ?? "").trim();
    expect(secret).toMatch(/^whsec_/);
    await inspect(page, "webhook-added");
    const listed = (await (await ws.request("/v1/webhooks")).json()) as { items: { id: string; url: string; events: string[] }[] };
    expect(listed.items).toEqual([expect.objectContaining({ url, events: ["post.failed"] })]);
    await page.goto(`${served.origin}/dashboard/webhooks`);
    expect(await page.content()).not.toContain(secret);
    await page.click(`a[href="/dashboard/webhooks/${listed.items[0]?.id}"]`);
    await page.waitForSelector("#endpoint-url");
    await inspect(page, "webhook");
    await page.click("#delete-endpoint");
    await page.click("#confirm");
    await page.waitForSelector("#no-endpoints");
    expect(((await (await ws.request("/v1/webhooks")).json()) as { items: unknown[] }).items).toEqual([]);
  });

  it("signs out, and ran without a script error or CSP violation", async () => {
    await page.goto(`${served.origin}/dashboard`);
    await page.click("#signout");
    await page.waitForSelector("#signed-out");
    await page.goto(`${served.origin}/dashboard`);
    await page.waitForSelector("#signed-out");
    await inspect(page, "signed-out");
    expect(problems.filter((p) => !p.includes("401"))).toEqual([]);
  });
});
