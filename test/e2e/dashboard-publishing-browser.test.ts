import { describe, expect, it } from "vitest";
import { randomString } from "../../src/infra/ids.js";
import { png } from "../unit/media-fixtures.js";
import { skipWithout } from "../support/required-service.js";
import { chromiumMissing } from "../support/browser.js";
import { dashboardInBrowser } from "../support/dashboard-browser.js";

const missing = chromiumMissing();
skipWithout("chromium", missing, "dashboard publishing flows in a real browser");

describe.skipIf(missing !== null)("publishing from the dashboard in a real browser", { timeout: 180_000 }, () => {
  const dash = dashboardInBrowser({ shots: "dashboard-publishing", timezoneId: "Europe/Berlin", failedLoads: true, owner: ["twitter", "facebook", "pinterest", "googlebusiness"] });

  it("composes to published on X, a Facebook page, a Google Business location and a Pinterest board", async () => {
    await dash.page.goto(`${dash.served.origin}/dashboard/compose`);
    await expect(dash.page.locator("#timezone").inputValue(), "the schedule's zone starts on the browser's").resolves.toBe("Europe/Berlin");
    await dash.inspect(dash.page, "compose");
    for (const platform of ["twitter", "facebook", "googlebusiness", "pinterest"]) await dash.page.check(`input[name=accounts][value="${dash.ids[platform]}"]`);
    const text = `Every network at once ${randomString(6)}`;
    await dash.page.fill("#text", text);
    // The checks of this text (its length counted): an answer about an earlier state is left to the server.
    await expect.poll(() => dash.page.locator('#counters [data-platform="twitter"]').textContent()).toContain(`${text.length} / 280`);
    await dash.page.waitForSelector("#validation [data-refused]");
    // Publish is stopped in the browser while a network would refuse: nothing is sent, nothing typed is lost.
    await dash.page.click("#publish");
    await expect(dash.page.locator("#submit-problem").textContent()).resolves.toContain("Nothing was sent");
    await dash.inspect(dash.page, "compose-refused");
    await dash.page.setInputFiles("#file", { name: "photo.png", mimeType: "image/png", buffer: Buffer.from(png(1000, 1500)) });
    await dash.page.click("#upload");
    // The script uploads with a progress bar and adds the file to the form in place.
    await dash.page.waitForSelector("#media-items [data-media]");
    await expect(dash.page.locator("#text").inputValue(), "the upload keeps the text").resolves.toBe(text);
    await expect(dash.page.locator(`input[name=accounts][value="${dash.ids.pinterest}"]`).isChecked(), "and the ticked accounts").resolves.toBe(true);
    await dash.page.fill("#alt-0", "A tall test card");
    for (const platform of ["facebook", "pinterest", "googlebusiness"]) {
      const options = dash.page.locator(`#dest-${platform} option`);
      expect(await options.count(), `${platform} picker`).toBeGreaterThan(1);
      await dash.page.selectOption(`#dest-${platform}`, (await options.nth(1).getAttribute("value")) ?? "");
    }
    await dash.page.fill("#text", `${text}.`);
    await dash.page.waitForSelector("#validation-targets:not(:has([data-refused]))");
    await expect(dash.page.locator("#counters").textContent()).resolves.toContain("X:");
    await dash.page.click("#publish");
    await dash.page.waitForURL(/\/dashboard\/posts\/post_/);
    for (const platform of ["twitter", "facebook", "pinterest"]) {
      await expect(dash.page.locator(`#target-${platform} .badge`).textContent(), platform).resolves.toBe("published");
    }
    // Google reviews a local post before it is live: the simulator answers it as still processing.
    await expect(dash.page.locator("#target-googlebusiness .badge").textContent()).resolves.toMatch(/^(published|processing)$/);
    await expect(dash.page.locator("#post-links").isVisible()).resolves.toBe(true);
    await dash.inspect(dash.page, "post-published");
  });

  it("saves a draft, edits it, publishes it; deletes another after confirming", async () => {
    await dash.page.goto(`${dash.served.origin}/dashboard/compose`);
    await dash.page.check(`input[name=accounts][value="${dash.ids.twitter}"]`);
    await dash.page.fill("#text", `Draft one ${randomString(6)}`);
    await dash.page.click("#save-draft");
    await dash.page.waitForURL(/\/dashboard\/posts\/post_/);
    await dash.inspect(dash.page, "draft");
    await dash.page.click("#edit-post");
    await dash.page.waitForSelector("#edit-post");
    await dash.inspect(dash.page, "draft-edit");
    await dash.page.fill("#text", "Draft one, edited");
    await dash.page.click("#publish-draft");
    await dash.page.waitForURL(/\/dashboard\/posts\/post_[^/]+$/);
    await expect(dash.page.locator("#post-text").textContent()).resolves.toBe("Draft one, edited");
    await expect(dash.page.locator("#target-twitter .badge").textContent()).resolves.toBe("published");

    await dash.page.goto(`${dash.served.origin}/dashboard/compose`);
    await dash.page.check(`input[name=accounts][value="${dash.ids.twitter}"]`);
    await dash.page.fill("#text", `Draft two ${randomString(6)}`);
    await dash.page.click("#save-draft");
    await dash.page.waitForURL(/\/dashboard\/posts\/post_/);
    await dash.page.click("#delete-draft");
    await dash.page.waitForSelector("#confirm");
    await dash.inspect(dash.page, "confirm-delete");
    await dash.page.click("#confirm");
    await dash.page.waitForURL(/\/dashboard\/posts\?done=deleted/);
    await dash.inspect(dash.page, "posts");
  });

  it("refuses Schedule without a time in the browser, nothing sent", async () => {
    await dash.page.goto(`${dash.served.origin}/dashboard/compose`);
    await dash.page.check(`input[name=accounts][value="${dash.ids.twitter}"]`);
    await dash.page.fill("#text", `No time ${randomString(6)}`);
    await dash.page.click("#schedule");
    await expect(dash.page.locator("#submit-problem").textContent()).resolves.toContain("Pick the date and the time");
    expect(dash.page.url()).toBe(`${dash.served.origin}/dashboard/compose`);
  });

  it("does not stop a post on an answer about an earlier form: a queued check answers the form as it was when queued", async () => {
    await dash.page.goto(`${dash.served.origin}/dashboard/compose`);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let checks = 0;
    // The first check is held, so the next one waits in htmx's queue; any later one is dropped.
    await dash.page.route("**/dashboard/compose/validate", async (route) => {
      checks++;
      if (checks === 1) await held;
      await route.continue();
    });
    try {
      await dash.page.check(`input[name=accounts][value="${dash.ids.twitter}"]`);
      await expect.poll(() => checks).toBe(1);
      // Queued with this text, too long for X: its answer will say a network refuses it.
      await dash.page.locator("#text").evaluate((box: HTMLTextAreaElement) => {
        box.value = "x".repeat(300);
        box.dispatchEvent(new Event("change", { bubbles: true }));
      });
      // Then the text is fixed while that check waits: a change htmx drops, as it drops a
      // keystroke's check while one is queued. The form is now fine for every network.
      const text = `Fixed while queued ${randomString(6)}`;
      await dash.page.locator("#text").evaluate((box: HTMLTextAreaElement, value: string) => {
        box.value = value;
      }, text);
      release();
      await expect.poll(() => dash.page.locator('#counters [data-platform="twitter"]').textContent()).toContain("300 / 280");
      await dash.page.waitForSelector("#validation [data-refused]");
      await dash.page.click("#publish");
      await dash.page.waitForURL(/\/dashboard\/posts\/post_/);
      await expect(dash.page.locator("#post-text").textContent()).resolves.toBe(text);
      await expect(dash.page.locator("#target-twitter .badge").textContent()).resolves.toBe("published");
    } finally {
      release();
      await dash.page.unroute("**/dashboard/compose/validate");
    }
  });

  it("explains a revoked permission in plain words and reconnects from the post's button", async () => {
    const fault = await dash.ws.put(`/v1/sandbox/social-accounts/${dash.ids.twitter}/fault`, { fault: "revoked_permission" });
    expect(fault.status, fault.text).toBe(200);
    // The test clock stands still: a second later, this post is the account's newest, whose answer its health reads.
    dash.served.t.clock.advance(1000);
    await dash.page.goto(`${dash.served.origin}/dashboard/compose`);
    await dash.page.check(`input[name=accounts][value="${dash.ids.twitter}"]`);
    await dash.page.fill("#text", `Refused ${randomString(6)}`);
    await dash.page.click("#publish");
    await dash.page.waitForURL(/\/dashboard\/posts\/post_/);
    await expect(dash.page.locator("#target-twitter .badge").textContent()).resolves.toBe("failed");
    const words = (await dash.page.locator("#target-twitter .alert").textContent()) ?? "";
    expect(words).not.toMatch(/\/v1\/|`|Idempotency/);
    await dash.inspect(dash.page, "post-failed");
    await dash.page.goto(`${dash.served.origin}/dashboard/accounts`);
    await expect(dash.page.locator(`#account-${dash.ids.twitter} .badge`).textContent()).resolves.toBe("permission revoked");
    await dash.inspect(dash.page, "accounts");
    await dash.page.goBack();
    await dash.page.click("#reconnect-twitter");
    await dash.page.waitForURL(/\/(connect|sandbox)\//);
    await dash.ws.put(`/v1/sandbox/social-accounts/${dash.ids.twitter}/fault`, { fault: null });
    expect(dash.problems.filter((p) => !p.includes("401"))).toEqual([]);
  });
});
