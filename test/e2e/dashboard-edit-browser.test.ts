import { describe, expect, it } from "vitest";
import { skipWithout } from "../support/required-service.js";
import { chromiumMissing } from "../support/browser.js";
import { dashboardInBrowser } from "../support/dashboard-browser.js";
import { viewports } from "../support/page-inspection.js";
import { jpeg } from "../unit/media-fixtures.js";

const missing = chromiumMissing();
skipWithout("chromium", missing, "the draft edit page's preview in a real browser");

/**
 * A draft opened from the dashboard: Compose's preview per network as you type, per-network text
 * and files, Bluesky's link card turned off, saved, then published; at 1280 and 390 px with axe.
 */
describe.skipIf(missing !== null)("the draft edit page in a real browser", { timeout: 180_000 }, () => {
  const dash = dashboardInBrowser({ shots: "dashboard-edit", owner: ["twitter", "bluesky", "instagram"] });

  it("previews a draft per network as it is edited, saves per-network text, files and the link card, and publishes it", async () => {
    const file = (await dash.ws.upload(jpeg(1000, 1250), "image/jpeg")).id;
    const draft = await dash.ws.publish({
      text: "Launch notes https://example.com/notes",
      accounts: [dash.ids.twitter, dash.ids.bluesky, dash.ids.instagram],
      draft: true,
      media: [file],
      mediaAlt: ["A tall card"],
    });
    const id = draft.id;
    await dash.page.goto(`${dash.served.origin}/dashboard/posts/${id}`);
    await dash.page.click(`a[href="/dashboard/posts/${id}/edit"]`);
    await dash.page.waitForSelector(`#preview-${dash.ids.instagram}`);
    // The draft's 4:5 file on each network that gets it.
    await expect(dash.page.locator(`#preview-${dash.ids.instagram} svg[viewBox="0 0 1000 1250"]`).count()).resolves.toBe(1);
    await expect(dash.page.locator(`#preview-${dash.ids.twitter} svg[viewBox="0 0 1000 1250"]`).count()).resolves.toBe(1);
    await dash.inspect(dash.page, "edit-draft");

    // X and Bluesky get the text only (their own file list, nothing ticked): the link card shows, then Bluesky's is turned off.
    await dash.page.click("#overrides summary");
    for (const platform of ["twitter", "bluesky"]) {
      await dash.page.check(`#ownMedia-${platform}`);
      await dash.page.uncheck(`#media-${platform}-${file}`);
    }
    await expect.poll(() => dash.page.locator(`#preview-${dash.ids.twitter}-card`).count()).toBe(1);
    await expect(dash.page.locator(`#preview-${dash.ids.bluesky}-card`).textContent()).resolves.toContain("example.com");
    await dash.page.uncheck("#linkCard-bluesky");
    await expect.poll(() => dash.page.locator(`#preview-${dash.ids.bluesky}-card-off`).count()).toBe(1);
    await dash.page.fill("#override-instagram", "Instagram gets its own words");
    await expect.poll(() => dash.page.locator(`#preview-${dash.ids.instagram} .preview-text`).textContent()).toBe("Instagram gets its own words");
    await expect(dash.page.locator(`#preview-${dash.ids.instagram}-count`).getAttribute("data-count")).resolves.toBe("28");
    await dash.inspect(dash.page, "edit-draft-changed");

    await dash.page.click("#save");
    await dash.page.waitForURL(new RegExp(`/dashboard/posts/${id}\\?done=saved`));
    const saved = (await dash.ws.get(`/v1/posts/${id}`)).body;
    expect(saved.textOverrides).toEqual({ instagram: "Instagram gets its own words" });
    expect(saved.mediaOverrides).toEqual({ twitter: [], bluesky: [] });
    expect(saved.platformOptions).toEqual({ bluesky: { linkCard: false } });

    // Opened again, at phone width: the choices are kept; then Save and publish now.
    await dash.page.setViewportSize(viewports.phone);
    await dash.page.goto(`${dash.served.origin}/dashboard/posts/${id}/edit`);
    await expect(dash.page.locator("#linkCard-bluesky").isChecked()).resolves.toBe(false);
    await expect(dash.page.locator(`#preview-${dash.ids.bluesky}-card-off`).count()).resolves.toBe(1);
    await expect(dash.page.locator("#ownMedia-twitter").isChecked()).resolves.toBe(true);
    await dash.page.click("#publish-draft");
    await dash.page.waitForURL(new RegExp(`/dashboard/posts/${id}$`));
    const published = await dash.ws.settle((await dash.ws.get(`/v1/posts/${id}`)).body);
    expect(published.targets.map((t) => t.state).sort()).toEqual(["published", "published", "published"]);
    expect(dash.problems).toEqual([]);
  });
  it("turns Bluesky's link card off and keeps Bluesky to text only in Compose at phone width, and saves both as the API's fields", async () => {
    const wide = (await dash.ws.upload(jpeg(1200, 600), "image/jpeg")).id;
    await dash.page.setViewportSize(viewports.phone);
    await dash.page.goto(`${dash.served.origin}/dashboard/compose`);
    await dash.page.check(`input[name=accounts][value="${dash.ids.bluesky}"]`);
    await dash.page.check(`input[name=accounts][value="${dash.ids.twitter}"]`);
    await dash.page.fill("#text", "Notes at https://example.org/notes");
    await expect.poll(() => dash.page.locator(`#preview-${dash.ids.bluesky}-card`).count()).toBe(1);
    await dash.page.uncheck("#linkCard-bluesky");
    await expect.poll(() => dash.page.locator(`#preview-${dash.ids.bluesky}-card-off`).count()).toBe(1);
    await expect(dash.page.locator(`#preview-${dash.ids.twitter}-card`).count(), "X's card has no off switch").resolves.toBe(1);
    // A library file ticked, then Preview (the page again, nothing sent): X is given only that file, Bluesky stays text only.
    await dash.page.click("#library-picker summary");
    await dash.page.check(`#pick-${wide}`);
    await dash.page.click("#show-preview");
    await dash.page.waitForSelector(`#media-items [data-media="${wide}"]`);
    await dash.page.click("#overrides summary");
    await dash.page.check("#ownMedia-bluesky");
    await dash.page.uncheck(`#media-bluesky-${wide}`);
    await expect.poll(() => dash.page.locator(`#preview-${dash.ids.bluesky}-own-files`).textContent()).toBe("No files on Bluesky: text only.");
    await expect(dash.page.locator(`#preview-${dash.ids.twitter} svg[viewBox="0 0 1200 600"]`).count()).resolves.toBe(1);
    await dash.inspect(dash.page, "compose-card-and-files");
    await dash.page.click("#save-draft");
    await dash.page.waitForURL(/\/dashboard\/posts\/post_/);
    const id = dash.page.url().split("/").at(-1) ?? "";
    const saved = (await dash.ws.get(`/v1/posts/${id}`)).body;
    expect(saved.platformOptions).toEqual({ bluesky: { linkCard: false } });
    expect(saved.mediaOverrides).toEqual({ bluesky: [] });
    expect(saved.media).toEqual([wide]);
    expect(dash.problems).toEqual([]);
  });
  it("opens the posts list in the browser's zone, as the calendar does, keeping a zone the address names", async () => {
    const context = await dash.browser.newContext({ viewport: viewports.phone, timezoneId: "Asia/Tokyo" });
    const tokyo = await context.newPage();
    await context.addCookies(await dash.page.context().cookies());
    await dash.ws.publish({ text: "Late evening in UTC", accounts: [dash.ids.twitter], scheduledAt: "2030-01-10T20:30:00Z" });
    await tokyo.goto(`${dash.served.origin}/dashboard/posts?state=scheduled`);
    await tokyo.waitForURL(/tz=Asia%2FTokyo/);
    await expect(tokyo.locator("#posts-tz").inputValue()).resolves.toBe("Asia/Tokyo");
    // 20:30 UTC is 05:30 the next day in Tokyo.
    await expect(tokyo.locator("#posts").textContent()).resolves.toContain("scheduled for 2030-01-11 05:30");
    await dash.inspect(tokyo, "posts-list");
    await tokyo.goto(`${dash.served.origin}/dashboard/posts?tz=UTC`);
    await expect(tokyo.locator("#posts-tz").inputValue()).resolves.toBe("UTC");
    await expect(tokyo.url()).toContain("tz=UTC");
    await context.close();
  });
});
