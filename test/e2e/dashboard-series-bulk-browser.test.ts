import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipWithout } from "../support/required-service.js";
import { type ServedApp, chromiumMissing, launchChromium, serveTestApp } from "../support/browser.js";
import { pageInspector, viewports } from "../support/page-inspection.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";

const missing = chromiumMissing();
skipWithout("chromium", missing, "dashboard series and bulk import pages in a real browser");

const SHOTS = join(process.cwd(), "test-results", "dashboard-series-bulk");
const { inspect, axeLog } = pageInspector(SHOTS);

describe.skipIf(missing !== null)("dashboard series and bulk import pages in a real browser", { timeout: 120_000 }, () => {
  let served: ServedApp;
  let browser: Browser;
  let page: Page;
  let ws: WorkspaceFixture;
  let bluesky: string;
  const problems: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    served = await serveTestApp();
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: viewports.desktop })).newPage();
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) problems.push(message.text());
    });
    served.t.clock.set(new Date("2027-01-04T08:00:00Z"));
    ws = await testWorkspace(served.t, { plan: "subscription" });
    bluesky = (await ws.connect("bluesky")).id;
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

  it("lists a series, opens it, pauses and resumes it", async () => {
    const first = await ws.publish({ text: "Monday tip", accounts: [bluesky], scheduledAt: "2027-01-11T09:00:00", timezone: "Europe/Berlin", recurrence: "FREQ=WEEKLY;BYDAY=MO;COUNT=5" });
    const seriesId = first.series as string;
    await page.goto(`${served.origin}/dashboard/series`);
    await expect.poll(() => page.locator(`#series-${seriesId}`).textContent()).toContain("Every week on Monday, 5 times");
    await inspect(page, "series-list");
    await page.click(`#series-${seriesId} a`);
    await page.waitForURL(`${served.origin}/dashboard/series/${seriesId}`);
    expect(await page.locator(`#occurrence-${first.id}`).count()).toBe(1);
    await inspect(page, "series-detail");
    await page.click(`#pause-${seriesId}`);
    await page.waitForURL(/done=series_paused/);
    expect((await ws.get(`/v1/series/${seriesId}`)).body.state).toBe("paused");
    await page.click(`#resume-${seriesId}`);
    await page.waitForURL(/done=series_resumed/);
    expect((await ws.get(`/v1/series/${seriesId}`)).body.state).toBe("active");
    expect(await page.locator(`#pause-${seriesId}`).count()).toBe(1);
  });

  it("checks a CSV with one bad and one good row, imports it, and opens the post it made", async () => {
    await page.goto(`${served.origin}/dashboard/bulk`);
    await inspect(page, "bulk-form");
    await page.fill("#bulk-csv", `text,accounts,scheduledAt\nFrom the browser,${bluesky},2027-01-10T09:00:00Z\nNo account here,acc_notmine,2027-01-10T09:00:00Z\n`);
    await page.click("#bulk-check");
    await page.waitForSelector("#dry-run");
    expect(await page.getAttribute("#row-1", "data-valid")).toBe("true");
    expect(await page.getAttribute("#row-2", "data-valid")).toBe("false");
    expect(await page.locator("#row-2").textContent()).toContain("How to fix:");
    await inspect(page, "bulk-dry-run");
    await page.click("#bulk-import");
    await page.waitForURL(/\/dashboard\/bulk\/[^/]+$/);
    await expect.poll(() => page.locator("#bulk-counts").textContent()).toContain("1 created, 1 failed, 0 pending, of 2 rows.");
    await inspect(page, "bulk-progress");
    await page.click("#import-row-1 a");
    await page.waitForURL(/\/dashboard\/posts\/[^/]+$/);
    expect(await page.content()).toContain("From the browser");
    expect(problems).toEqual([]);
  });

  it("follows a background import by htmx polling, without reloading the page", async () => {
    await page.goto(`${served.origin}/dashboard/bulk`);
    await page.fill("#bulk-csv", `text,accounts,draft\n${Array.from({ length: 30 }, (_, i) => `Draft ${i},${bluesky},true`).join("\n")}\n`);
    await page.click("#bulk-import");
    await page.waitForURL(/\/dashboard\/bulk\/[^/]+$/);
    expect(await page.locator("#bulk-counts").textContent()).toContain("0 created, 0 failed, 30 pending, of 30 rows.");
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await runDueJobs(served.t.jobRuntime());
    await expect.poll(() => page.locator("#bulk-counts").textContent(), { timeout: 15_000 }).toContain("30 created, 0 failed, 0 pending, of 30 rows.");
    // The same document: the block was swapped in place, not the page reloaded.
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    expect(await page.locator("#bulk-progress").getAttribute("hx-get")).toBeNull();
    expect(problems).toEqual([]);
  });
});
