import { beforeAll, describe, expect, it } from "vitest";
import { skipWithout } from "../support/required-service.js";
import { chromiumMissing } from "../support/browser.js";
import { dashboardInBrowser } from "../support/dashboard-browser.js";
import { viewports } from "../support/page-inspection.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { jpeg } from "../unit/media-fixtures.js";

const missing = chromiumMissing();
skipWithout("chromium", missing, "dashboard planning pages in a real browser");

describe.skipIf(missing !== null)("dashboard planning pages in a real browser", { timeout: 120_000 }, () => {
  const dash = dashboardInBrowser({ shots: "dashboard-planning", timezoneId: "Asia/Tokyo" });
  let ws: WorkspaceFixture;
  let bluesky: string;

  beforeAll(async () => {
    dash.served.t.clock.set(new Date("2027-01-04T08:00:00Z"));
    ws = await testWorkspace(dash.served.t, { plan: "subscription" });
    const profile = (await ws.post("/v1/profiles", { username: "browser-brand" })).body;
    bluesky = (await ws.connect("bluesky", { profile: "browser-brand" })).id;
    await ws.put(`/v1/profiles/${profile.id}/queue`, { timezone: "Europe/Berlin", slots: [{ day: "wed", time: "09:00" }] });
    await dash.signIn(ws);
  }, 90_000);

  it("opens the calendar in the browser's zone, drags a post to another day, and reschedules by keyboard on a phone", async () => {
    const post = (await ws.post("/v1/posts", { text: "dragged in Tokyo", accounts: [bluesky], profile: "browser-brand", scheduledAt: "2027-01-05T01:30:00Z" })).body;
    await dash.page.goto(`${dash.served.origin}/dashboard/calendar`);
    await dash.page.waitForURL(/tz=Asia%2FTokyo/);
    await expect(dash.page.locator("#calendar-zone").textContent()).resolves.toContain("Asia/Tokyo");
    // 01:30 UTC on Tuesday is 10:30 on Tuesday in Tokyo; Wednesday 09:00 in Berlin is 17:00 there.
    await expect(dash.page.locator(`#day-2027-01-05 #scheduled-${post.id} time`).textContent()).resolves.toBe("10:30");
    await expect(dash.page.locator("#day-2027-01-06 .cal-slot").textContent()).resolves.toContain("free queue slot, browser-brand");
    await dash.inspect(dash.page, "calendar-week");

    await dash.page.dragAndDrop(`#scheduled-${post.id}`, "#day-2027-01-08");
    await dash.page.waitForSelector("#notice");
    await expect(dash.page.locator(`#day-2027-01-08 #scheduled-${post.id} time`).textContent()).resolves.toBe("10:30");
    expect((await ws.get(`/v1/posts/${post.id}`)).body.scheduledAt).toBe("2027-01-08T01:30:00.000Z");

    await dash.page.setViewportSize(viewports.phone);
    await dash.page.click(`#scheduled-${post.id} summary`);
    await dash.page.fill(`#move-date-${post.id}`, "2027-01-09");
    await dash.page.fill(`#move-time-${post.id}`, "08:15");
    await dash.page.focus(`#move-button-${post.id}`);
    await dash.page.keyboard.press("Enter");
    await dash.page.waitForSelector("#notice");
    expect((await ws.get(`/v1/posts/${post.id}`)).body.scheduledAt).toBe("2027-01-08T23:15:00.000Z");
    await dash.page.setViewportSize(viewports.desktop);

    await dash.page.click("a:text-is('Month')");
    await dash.page.waitForURL(/view=month/);
    await dash.inspect(dash.page, "calendar-month");

    await dash.page.click("a:text('List with filters')");
    await dash.page.selectOption("#network", "bluesky");
    await dash.page.click("#filter");
    await dash.page.waitForURL(/network=bluesky/);
    await expect(dash.page.locator("#posts tbody tr").count()).resolves.toBe(1);
    await dash.inspect(dash.page, "posts-filtered");
  });

  it("publishes a scheduled post now, and a refused move keeps the navigation and what was typed", async () => {
    const post = (await ws.post("/v1/posts", { text: "now rather than later", accounts: [bluesky], scheduledAt: "2027-01-20T10:00:00Z" })).body;
    await dash.page.goto(`${dash.served.origin}/dashboard/posts/${post.id}`);
    await dash.page.click("#publish-scheduled");
    await dash.page.waitForSelector("#target-bluesky .badge:text('published')");
    await dash.inspect(dash.page, "post-published-now");

    const later = (await ws.post("/v1/posts", { text: "moved badly", accounts: [bluesky], scheduledAt: "2027-01-21T10:00:00Z" })).body;
    await dash.page.goto(`${dash.served.origin}/dashboard/calendar?view=week&date=2027-01-21&tz=UTC`);
    await dash.page.click(`#scheduled-${later.id} summary`);
    // A past time: the API refuses it; the page keeps the navigation and the typed date.
    await dash.page.fill(`#move-date-${later.id}`, "2020-01-01");
    await dash.page.click(`#move-button-${later.id}`);
    await dash.page.waitForSelector("#kept-form");
    await expect(dash.page.locator("nav.main").count()).resolves.toBe(1);
    await expect(dash.page.locator("#kept-form input[name=scheduleDate]").inputValue()).resolves.toBe("2020-01-01");
    await dash.inspect(dash.page, "error-kept-input");

    await dash.page.goto(`${dash.served.origin}/dashboard/no-such-page`);
    await expect(dash.page.locator("#error-message").textContent()).resolves.toContain("no dashboard page");
    await dash.inspect(dash.page, "not-found");
  });

  it("uploads with progress and by dropping a file, offers it in Compose, and deletes after confirming", async () => {
    await dash.page.goto(`${dash.served.origin}/dashboard/media`);
    await dash.inspect(dash.page, "media-empty");
    await dash.page.setInputFiles("#media-file", { name: "one.jpg", mimeType: "image/jpeg", buffer: Buffer.from(jpeg(800, 600)) });
    await dash.page.click("#media-upload-button");
    await dash.page.waitForURL(/done=uploaded/);
    await expect(dash.page.locator("#media-grid li").count()).resolves.toBe(1);

    // A file dropped on the form uploads the same way.
    const bytes = Array.from(jpeg(320, 240));
    await dash.page.evaluate((data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], "two.jpg", { type: "image/jpeg" }));
      const zone = document.querySelector("#media-upload");
      zone?.dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      zone?.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, bytes);
    await dash.page.waitForFunction(() => document.querySelectorAll("#media-grid li").length === 2);
    const src = (await dash.page.locator("#media-grid img").first().getAttribute("src")) ?? "";
    expect((await dash.context.request.get(`${dash.served.origin}${src}`)).status()).toBe(200);
    await dash.inspect(dash.page, "media-library");

    await dash.page.goto(`${dash.served.origin}/dashboard/compose`);
    await dash.page.click("#library-picker summary");
    await expect(dash.page.locator("#library-picker input[name=libraryMedia]").count()).resolves.toBe(2);
    await dash.inspect(dash.page, "compose-library");

    await dash.page.goto(`${dash.served.origin}/dashboard/media`);
    await dash.page.locator("#media-grid button.danger").first().click();
    await dash.page.waitForSelector("#confirm");
    await dash.inspect(dash.page, "confirm-media-delete");
    await dash.page.click("#confirm");
    await dash.page.waitForURL(/done=media_deleted/);
    await expect(dash.page.locator("#media-grid li").count()).resolves.toBe(1);
  });

  it("approves one waiting post and rejects another with a reason, and shows the queue", async () => {
    await ws.patch("/v1/approval-settings", { requireApproval: true });
    const yes = (await ws.post("/v1/posts", { text: "approve in the browser", accounts: [bluesky] })).body;
    const no = (await ws.post("/v1/posts", { text: "reject in the browser", accounts: [bluesky] })).body;
    await dash.page.goto(`${dash.served.origin}/dashboard/approvals`);
    await dash.inspect(dash.page, "approvals");
    await dash.page.click(`#approve-${yes.id}`);
    await dash.page.waitForSelector("#target-bluesky .badge:text('published')");
    await dash.page.goto(`${dash.served.origin}/dashboard/approvals`);
    await dash.page.fill(`#reason-${no.id}`, "Not this week");
    await dash.page.click(`#reject-${no.id}`);
    await dash.page.waitForSelector("#confirm");
    await dash.inspect(dash.page, "confirm-reject");
    await dash.page.click("#confirm");
    await dash.page.waitForSelector("#no-approvals");
    expect((await ws.get(`/v1/posts/${no.id}`)).body.state).toBe("rejected");
    await ws.patch("/v1/approval-settings", { requireApproval: false });

    await dash.page.goto(`${dash.served.origin}/dashboard/queue`);
    await expect(dash.page.locator(".free-slots li").count()).resolves.toBeGreaterThan(0);
    await dash.inspect(dash.page, "queue");
    await dash.page.locator("details:has(form[id^=queue-form]) summary").first().click();
    await dash.page.locator("textarea[name=slots]").first().fill("Monday 09:00\nThursday 18:45");
    await dash.page.locator("button[id^=queue-save]").first().click();
    await dash.page.waitForSelector("#notice");
    await expect(dash.page.locator(".slot-list").first().textContent()).resolves.toContain("Thursday 18:45");
  });

  it("shows the unified inbox and analytics with its charts and export", async () => {
    await dash.page.goto(`${dash.served.origin}/dashboard/inbox`);
    await dash.inspect(dash.page, "inbox-all");
    await dash.page.goto(`${dash.served.origin}/dashboard/analytics?period=7d`);
    await expect(dash.page.locator("#export-csv").getAttribute("href")).resolves.toBe("/dashboard/analytics/export.csv?period=7d");
    await dash.inspect(dash.page, "analytics");
    const csv = await dash.context.request.get(`${dash.served.origin}/dashboard/analytics/export.csv?period=7d`);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split("\r\n")[0]).toMatch(/^row,date,network,account,handle/);
    expect(dash.problems).toEqual([]);
  });
});
