import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipWithout } from "../support/required-service.js";
import { type ServedApp, chromiumMissing, launchChromium, serveTestApp } from "../support/browser.js";
import { pageInspector, viewports } from "../support/page-inspection.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { jpeg } from "../unit/media-fixtures.js";

const missing = chromiumMissing();
skipWithout("chromium", missing, "dashboard planning pages in a real browser");

const SHOTS = join(process.cwd(), "test-results", "dashboard-planning");
const { inspect, axeLog } = pageInspector(SHOTS);

describe.skipIf(missing !== null)("dashboard planning pages in a real browser", { timeout: 120_000 }, () => {
  let served: ServedApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let ws: WorkspaceFixture;
  let bluesky: string;
  const problems: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    served = await serveTestApp();
    browser = await launchChromium();
    // The browser's zone is Tokyo: the calendar must open in it without being told.
    context = await browser.newContext({ viewport: viewports.desktop, timezoneId: "Asia/Tokyo" });
    page = await context.newPage();
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      // Refused forms and the 404 page are asked for on purpose (the browser logs their status); any other error is a failure.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) problems.push(message.text());
    });
    served.t.clock.set(new Date("2027-01-04T08:00:00Z"));
    ws = await testWorkspace(served.t, { plan: "subscription" });
    const profile = (await ws.post("/v1/profiles", { username: "browser-brand" })).body;
    bluesky = (await ws.connect("bluesky", { profile: "browser-brand" })).id;
    await ws.put(`/v1/profiles/${profile.id}/queue`, { timezone: "Europe/Berlin", slots: [{ day: "wed", time: "09:00" }] });
    const link = ((await (await ws.request("/v1/app-link", { method: "POST" })).json()) as { url: string }).url;
    await page.goto(link.replace("http://chorus.test", served.origin));
    await page.click("#signin");
    await page.waitForURL(`${served.origin}/dashboard`);
  }, 90_000);
  afterAll(async () => {
    writeFileSync(join(SHOTS, "axe.json"), JSON.stringify(axeLog, null, 2));
    await browser?.close();
    await served?.close();
  });

  it("opens the calendar in the browser's zone, drags a post to another day, and reschedules by keyboard on a phone", async () => {
    const post = (await ws.post("/v1/posts", { text: "dragged in Tokyo", accounts: [bluesky], profile: "browser-brand", scheduledAt: "2027-01-05T01:30:00Z" })).body;
    await page.goto(`${served.origin}/dashboard/calendar`);
    await page.waitForURL(/tz=Asia%2FTokyo/);
    await expect(page.locator("#calendar-zone").textContent()).resolves.toContain("Asia/Tokyo");
    // 01:30 UTC on Tuesday is 10:30 on Tuesday in Tokyo; Wednesday 09:00 in Berlin is 17:00 there.
    await expect(page.locator(`#day-2027-01-05 #scheduled-${post.id} time`).textContent()).resolves.toBe("10:30");
    await expect(page.locator("#day-2027-01-06 .cal-slot").textContent()).resolves.toContain("free queue slot, browser-brand");
    await inspect(page, "calendar-week");

    await page.dragAndDrop(`#scheduled-${post.id}`, "#day-2027-01-08");
    await page.waitForSelector("#notice");
    await expect(page.locator(`#day-2027-01-08 #scheduled-${post.id} time`).textContent()).resolves.toBe("10:30");
    expect((await ws.get(`/v1/posts/${post.id}`)).body.scheduledAt).toBe("2027-01-08T01:30:00.000Z");

    await page.setViewportSize(viewports.phone);
    await page.click(`#scheduled-${post.id} summary`);
    await page.fill(`#move-date-${post.id}`, "2027-01-09");
    await page.fill(`#move-time-${post.id}`, "08:15");
    await page.focus(`#move-button-${post.id}`);
    await page.keyboard.press("Enter");
    await page.waitForSelector("#notice");
    expect((await ws.get(`/v1/posts/${post.id}`)).body.scheduledAt).toBe("2027-01-08T23:15:00.000Z");
    await page.setViewportSize(viewports.desktop);

    await page.click("a:text-is('Month')");
    await page.waitForURL(/view=month/);
    await inspect(page, "calendar-month");

    await page.click("a:text('List with filters')");
    await page.selectOption("#network", "bluesky");
    await page.click("#filter");
    await page.waitForURL(/network=bluesky/);
    await expect(page.locator("#posts tbody tr").count()).resolves.toBe(1);
    await inspect(page, "posts-filtered");
  });

  it("publishes a scheduled post now, and a refused move keeps the navigation and what was typed", async () => {
    const post = (await ws.post("/v1/posts", { text: "now rather than later", accounts: [bluesky], scheduledAt: "2027-01-20T10:00:00Z" })).body;
    await page.goto(`${served.origin}/dashboard/posts/${post.id}`);
    await page.click("#publish-scheduled");
    await page.waitForSelector("#target-bluesky .badge:text('published')");
    await inspect(page, "post-published-now");

    const later = (await ws.post("/v1/posts", { text: "moved badly", accounts: [bluesky], scheduledAt: "2027-01-21T10:00:00Z" })).body;
    await page.goto(`${served.origin}/dashboard/calendar?view=week&date=2027-01-21&tz=UTC`);
    await page.click(`#scheduled-${later.id} summary`);
    // A past time: the API refuses it; the page keeps the navigation and the typed date.
    await page.fill(`#move-date-${later.id}`, "2020-01-01");
    await page.click(`#move-button-${later.id}`);
    await page.waitForSelector("#kept-form");
    await expect(page.locator("nav.main").count()).resolves.toBe(1);
    await expect(page.locator("#kept-form input[name=scheduleDate]").inputValue()).resolves.toBe("2020-01-01");
    await inspect(page, "error-kept-input");

    await page.goto(`${served.origin}/dashboard/no-such-page`);
    await expect(page.locator("#error-message").textContent()).resolves.toContain("no dashboard page");
    await inspect(page, "not-found");
  });

  it("uploads with progress and by dropping a file, offers it in Compose, and deletes after confirming", async () => {
    await page.goto(`${served.origin}/dashboard/media`);
    await inspect(page, "media-empty");
    await page.setInputFiles("#media-file", { name: "one.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpeg(800, 600)) });
    await page.click("#media-upload-button");
    await page.waitForURL(/done=uploaded/);
    await expect(page.locator("#media-grid li").count()).resolves.toBe(1);

    // A file dropped on the form uploads the same way.
    const bytes = Array.from(jpeg(320, 240));
    await page.evaluate((data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], "two.jpg", { type: "image/jpeg" }));
      const zone = document.querySelector("#media-upload");
      zone?.dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      zone?.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, bytes);
    await page.waitForFunction(() => document.querySelectorAll("#media-grid li").length === 2);
    const src = (await page.locator("#media-grid img").first().getAttribute("src")) ?? "";
    expect((await context.request.get(`${served.origin}${src}`)).status()).toBe(200);
    await inspect(page, "media-library");

    await page.goto(`${served.origin}/dashboard/compose`);
    await page.click("#library-picker summary");
    await expect(page.locator("#library-picker input[name=libraryMedia]").count()).resolves.toBe(2);
    await inspect(page, "compose-library");

    await page.goto(`${served.origin}/dashboard/media`);
    await page.locator("#media-grid button.danger").first().click();
    await page.waitForSelector("#confirm");
    await inspect(page, "confirm-media-delete");
    await page.click("#confirm");
    await page.waitForURL(/done=media_deleted/);
    await expect(page.locator("#media-grid li").count()).resolves.toBe(1);
  });

  it("approves one waiting post and rejects another with a reason, and shows the queue", async () => {
    await ws.patch("/v1/approval-settings", { requireApproval: true });
    const yes = (await ws.post("/v1/posts", { text: "approve in the browser", accounts: [bluesky] })).body;
    const no = (await ws.post("/v1/posts", { text: "reject in the browser", accounts: [bluesky] })).body;
    await page.goto(`${served.origin}/dashboard/approvals`);
    await inspect(page, "approvals");
    await page.click(`#approve-${yes.id}`);
    await page.waitForSelector("#target-bluesky .badge:text('published')");
    await page.goto(`${served.origin}/dashboard/approvals`);
    await page.fill(`#reason-${no.id}`, "Not this week");
    await page.click(`#reject-${no.id}`);
    await page.waitForSelector("#confirm");
    await inspect(page, "confirm-reject");
    await page.click("#confirm");
    await page.waitForSelector("#no-approvals");
    expect((await ws.get(`/v1/posts/${no.id}`)).body.state).toBe("rejected");
    await ws.patch("/v1/approval-settings", { requireApproval: false });

    await page.goto(`${served.origin}/dashboard/queue`);
    await expect(page.locator(".free-slots li").count()).resolves.toBeGreaterThan(0);
    await inspect(page, "queue");
    await page.locator("details:has(form[id^=queue-form]) summary").first().click();
    await page.locator("textarea[name=slots]").first().fill("Monday 09:00\nThursday 18:45");
    await page.locator("button[id^=queue-save]").first().click();
    await page.waitForSelector("#notice");
    await expect(page.locator(".slot-list").first().textContent()).resolves.toContain("Thursday 18:45");
  });

  it("shows the unified inbox and analytics with its charts and export", async () => {
    await page.goto(`${served.origin}/dashboard/inbox`);
    await inspect(page, "inbox-all");
    await page.goto(`${served.origin}/dashboard/analytics?period=7d`);
    await expect(page.locator("#export-csv").getAttribute("href")).resolves.toBe("/dashboard/analytics/export.csv?period=7d");
    await inspect(page, "analytics");
    const csv = await context.request.get(`${served.origin}/dashboard/analytics/export.csv?period=7d`);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split("\r\n")[0]).toMatch(/^row,date,network,account,handle/);
    expect(problems).toEqual([]);
  });
});
