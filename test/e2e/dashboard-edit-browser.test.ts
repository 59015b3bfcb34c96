import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipWithout } from "../support/required-service.js";
import { type ServedApp, chromiumMissing, launchChromium, serveTestApp } from "../support/browser.js";
import { pageInspector, viewports } from "../support/page-inspection.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { jpeg } from "../unit/media-fixtures.js";

const missing = chromiumMissing();
skipWithout("chromium", missing, "the draft edit page's preview in a real browser");

const SHOTS = join(process.cwd(), "test-results", "dashboard-edit");
const { inspect, axeLog } = pageInspector(SHOTS);

/**
 * A draft opened from the dashboard: Compose's preview per network as you type, per-network text
 * and files, Bluesky's link card turned off, saved, then published; at 1280 and 390 px with axe.
 */
describe.skipIf(missing !== null)("the draft edit page in a real browser", { timeout: 180_000 }, () => {
  let served: ServedApp;
  let browser: Browser;
  let page: Page;
  let ws: WorkspaceFixture;
  const ids: Record<string, string> = {};
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
    ws = await testWorkspace(served.t, { plan: "subscription" });
    for (const platform of ["twitter", "bluesky", "instagram"] as const) ids[platform] = (await ws.connect(platform)).id;
    const link = ((await (await ws.request("/v1/app-link", { method: "POST" })).json()) as { url: string }).url;
    await page.goto(link.replace("http://chorus.test", served.origin));
    await page.click("#signin");
    await page.waitForURL(`${served.origin}/dashboard`);
  }, 120_000);
  afterAll(async () => {
    writeFileSync(join(SHOTS, "axe.json"), JSON.stringify(axeLog, null, 2));
    await browser?.close();
    await served?.close();
  });

  it("previews a draft per network as it is edited, saves per-network text, files and the link card, and publishes it", async () => {
    const file = (await ws.upload(jpeg(1000, 1250), "image/jpeg")).id;
    const draft = await ws.publish({ text: "Launch notes https://example.com/notes", accounts: [ids.twitter, ids.bluesky, ids.instagram], draft: true, media: [file], mediaAlt: ["A tall card"] });
    const id = draft.id;
    await page.goto(`${served.origin}/dashboard/posts/${id}`);
    await page.click(`a[href="/dashboard/posts/${id}/edit"]`);
    await page.waitForSelector(`#preview-${ids.instagram}`);
    // The draft's 4:5 file on each network that gets it.
    await expect(page.locator(`#preview-${ids.instagram} svg[viewBox="0 0 1000 1250"]`).count()).resolves.toBe(1);
    await expect(page.locator(`#preview-${ids.twitter} svg[viewBox="0 0 1000 1250"]`).count()).resolves.toBe(1);
    await inspect(page, "edit-draft");

    // X and Bluesky get the text only (their own file list, nothing ticked): the link card shows, then Bluesky's is turned off.
    await page.click("#overrides summary");
    for (const platform of ["twitter", "bluesky"]) {
      await page.check(`#ownMedia-${platform}`);
      await page.uncheck(`#media-${platform}-${file}`);
    }
    await expect.poll(() => page.locator(`#preview-${ids.twitter}-card`).count()).toBe(1);
    await expect(page.locator(`#preview-${ids.bluesky}-card`).textContent()).resolves.toContain("example.com");
    await page.uncheck("#linkCard-bluesky");
    await expect.poll(() => page.locator(`#preview-${ids.bluesky}-card-off`).count()).toBe(1);
    await page.fill("#override-instagram", "Instagram gets its own words");
    await expect.poll(() => page.locator(`#preview-${ids.instagram} .preview-text`).textContent()).toBe("Instagram gets its own words");
    await expect(page.locator(`#preview-${ids.instagram}-count`).getAttribute("data-count")).resolves.toBe("28");
    await inspect(page, "edit-draft-changed");

    await page.click("#save");
    await page.waitForURL(new RegExp(`/dashboard/posts/${id}\\?done=saved`));
    const saved = (await ws.get(`/v1/posts/${id}`)).body;
    expect(saved.textOverrides).toEqual({ instagram: "Instagram gets its own words" });
    expect(saved.mediaOverrides).toEqual({ twitter: [], bluesky: [] });
    expect(saved.platformOptions).toEqual({ bluesky: { linkCard: false } });

    // Opened again, at phone width: the choices are kept; then Save and publish now.
    await page.setViewportSize(viewports.phone);
    await page.goto(`${served.origin}/dashboard/posts/${id}/edit`);
    await expect(page.locator("#linkCard-bluesky").isChecked()).resolves.toBe(false);
    await expect(page.locator(`#preview-${ids.bluesky}-card-off`).count()).resolves.toBe(1);
    await expect(page.locator("#ownMedia-twitter").isChecked()).resolves.toBe(true);
    await page.click("#publish-draft");
    await page.waitForURL(new RegExp(`/dashboard/posts/${id}$`));
    const published = await ws.settle((await ws.get(`/v1/posts/${id}`)).body);
    expect(published.targets.map((t) => t.state).sort()).toEqual(["published", "published", "published"]);
    expect(problems).toEqual([]);
  });
  it("turns Bluesky's link card off and keeps Bluesky to text only in Compose at phone width, and saves both as the API's fields", async () => {
    const wide = (await ws.upload(jpeg(1200, 600), "image/jpeg")).id;
    await page.setViewportSize(viewports.phone);
    await page.goto(`${served.origin}/dashboard/compose`);
    await page.check(`input[name=accounts][value="${ids.bluesky}"]`);
    await page.check(`input[name=accounts][value="${ids.twitter}"]`);
    await page.fill("#text", "Notes at https://example.org/notes");
    await expect.poll(() => page.locator(`#preview-${ids.bluesky}-card`).count()).toBe(1);
    await page.uncheck("#linkCard-bluesky");
    await expect.poll(() => page.locator(`#preview-${ids.bluesky}-card-off`).count()).toBe(1);
    await expect(page.locator(`#preview-${ids.twitter}-card`).count(), "X's card has no off switch").resolves.toBe(1);
    // A library file ticked, then Preview (the page again, nothing sent): X is given only that file, Bluesky stays text only.
    await page.click("#library-picker summary");
    await page.check(`#pick-${wide}`);
    await page.click("#show-preview");
    await page.waitForSelector(`#media-items [data-media="${wide}"]`);
    await page.click("#overrides summary");
    await page.check("#ownMedia-bluesky");
    await page.uncheck(`#media-bluesky-${wide}`);
    await expect.poll(() => page.locator(`#preview-${ids.bluesky}-own-files`).textContent()).toBe("No files on Bluesky: text only.");
    await expect(page.locator(`#preview-${ids.twitter} svg[viewBox="0 0 1200 600"]`).count()).resolves.toBe(1);
    await inspect(page, "compose-card-and-files");
    await page.click("#save-draft");
    await page.waitForURL(/\/dashboard\/posts\/post_/);
    const id = page.url().split("/").at(-1) ?? "";
    const saved = (await ws.get(`/v1/posts/${id}`)).body;
    expect(saved.platformOptions).toEqual({ bluesky: { linkCard: false } });
    expect(saved.mediaOverrides).toEqual({ bluesky: [] });
    expect(saved.media).toEqual([wide]);
    expect(problems).toEqual([]);
  });
  it("opens the posts list in the browser's zone, as the calendar does, keeping a zone the address names", async () => {
    const context = await browser.newContext({ viewport: viewports.phone, timezoneId: "Asia/Tokyo" });
    const tokyo = await context.newPage();
    await context.addCookies(await page.context().cookies());
    await ws.publish({ text: "Late evening in UTC", accounts: [ids.twitter], scheduledAt: "2030-01-10T20:30:00Z" });
    await tokyo.goto(`${served.origin}/dashboard/posts?state=scheduled`);
    await tokyo.waitForURL(/tz=Asia%2FTokyo/);
    await expect(tokyo.locator("#posts-tz").inputValue()).resolves.toBe("Asia/Tokyo");
    // 20:30 UTC is 05:30 the next day in Tokyo.
    await expect(tokyo.locator("#posts").textContent()).resolves.toContain("scheduled for 2030-01-11 05:30");
    await inspect(tokyo, "posts-list");
    await tokyo.goto(`${served.origin}/dashboard/posts?tz=UTC`);
    await expect(tokyo.locator("#posts-tz").inputValue()).resolves.toBe("UTC");
    await expect(tokyo.url()).toContain("tz=UTC");
    await context.close();
  });
});
