import { beforeAll, describe, expect, it } from "vitest";
import { skipWithout } from "../support/required-service.js";
import { chromiumMissing } from "../support/browser.js";
import { dashboardInBrowser } from "../support/dashboard-browser.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";

const missing = chromiumMissing();
skipWithout("chromium", missing, "dashboard series and bulk import pages in a real browser");

describe.skipIf(missing !== null)("dashboard series and bulk import pages in a real browser", { timeout: 120_000 }, () => {
  const dash = dashboardInBrowser({ shots: "dashboard-series-bulk" });
  let ws: WorkspaceFixture;
  let bluesky: string;

  beforeAll(async () => {
    dash.served.t.clock.set(new Date("2027-01-04T08:00:00Z"));
    ws = await testWorkspace(dash.served.t, { plan: "subscription" });
    bluesky = (await ws.connect("bluesky")).id;
    await dash.signIn(ws);
  }, 90_000);

  it("lists a series, opens it, pauses and resumes it", async () => {
    const first = await ws.publish({ text: "Monday tip", accounts: [bluesky], scheduledAt: "2027-01-11T09:00:00", timezone: "Europe/Berlin", recurrence: "FREQ=WEEKLY;BYDAY=MO;COUNT=5" });
    const seriesId = first.series as string;
    await dash.page.goto(`${dash.served.origin}/dashboard/series`);
    await expect.poll(() => dash.page.locator(`#series-${seriesId}`).textContent()).toContain("Every week on Monday, 5 times");
    await dash.inspect(dash.page, "series-list");
    await dash.page.click(`#series-${seriesId} a`);
    await dash.page.waitForURL(`${dash.served.origin}/dashboard/series/${seriesId}`);
    expect(await dash.page.locator(`#occurrence-${first.id}`).count()).toBe(1);
    await dash.inspect(dash.page, "series-detail");
    await dash.page.click(`#pause-${seriesId}`);
    await dash.page.waitForURL(/done=series_paused/);
    expect((await ws.get(`/v1/series/${seriesId}`)).body.state).toBe("paused");
    await dash.page.click(`#resume-${seriesId}`);
    await dash.page.waitForURL(/done=series_resumed/);
    expect((await ws.get(`/v1/series/${seriesId}`)).body.state).toBe("active");
    expect(await dash.page.locator(`#pause-${seriesId}`).count()).toBe(1);
  });

  it("checks a CSV with one bad and one good row, imports it, and opens the post it made", async () => {
    await dash.page.goto(`${dash.served.origin}/dashboard/bulk`);
    await dash.inspect(dash.page, "bulk-form");
    await dash.page.fill("#bulk-csv", `text,accounts,scheduledAt\nFrom the browser,${bluesky},2027-01-10T09:00:00Z\nNo account here,acc_notmine,2027-01-10T09:00:00Z\n`);
    await dash.page.click("#bulk-check");
    await dash.page.waitForSelector("#dry-run");
    expect(await dash.page.getAttribute("#row-1", "data-valid")).toBe("true");
    expect(await dash.page.getAttribute("#row-2", "data-valid")).toBe("false");
    expect(await dash.page.locator("#row-2").textContent()).toContain("How to fix:");
    await dash.inspect(dash.page, "bulk-dry-run");
    await dash.page.click("#bulk-import");
    await dash.page.waitForURL(/\/dashboard\/bulk\/[^/]+$/);
    await expect.poll(() => dash.page.locator("#bulk-counts").textContent()).toContain("1 created, 1 failed, 0 pending, of 2 rows.");
    await dash.inspect(dash.page, "bulk-progress");
    await dash.page.click("#import-row-1 a");
    await dash.page.waitForURL(/\/dashboard\/posts\/[^/]+$/);
    expect(await dash.page.content()).toContain("From the browser");
    expect(dash.problems).toEqual([]);
  });

  it("follows a background import by htmx polling, without reloading the page", async () => {
    await dash.page.goto(`${dash.served.origin}/dashboard/bulk`);
    await dash.page.fill("#bulk-csv", `text,accounts,draft\n${Array.from({ length: 30 }, (_, i) => `Draft ${i},${bluesky},true`).join("\n")}\n`);
    await dash.page.click("#bulk-import");
    await dash.page.waitForURL(/\/dashboard\/bulk\/[^/]+$/);
    expect(await dash.page.locator("#bulk-counts").textContent()).toContain("0 created, 0 failed, 30 pending, of 30 rows.");
    await dash.page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await runDueJobs(dash.served.t.jobRuntime());
    await expect.poll(() => dash.page.locator("#bulk-counts").textContent(), { timeout: 15_000 }).toContain("30 created, 0 failed, 0 pending, of 30 rows.");
    // The same document: the block was swapped in place, not the page reloaded.
    expect(await dash.page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    expect(await dash.page.locator("#bulk-progress").getAttribute("hx-get")).toBeNull();
    expect(dash.problems).toEqual([]);
  });
});
