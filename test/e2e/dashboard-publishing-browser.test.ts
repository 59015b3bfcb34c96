import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomString } from "../../src/infra/ids.js";
import { png } from "../unit/media-fixtures.js";
import { skipWithout } from "../support/required-service.js";
import { type ServedApp, chromiumMissing, launchChromium, serveTestApp } from "../support/browser.js";
import type { TestWorkspace } from "../support/test-app.js";

const missing = chromiumMissing();
skipWithout("chromium", missing, "dashboard publishing flows in a real browser");

const SHOTS = join(process.cwd(), "test-results", "dashboard-publishing");
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/** Per page: axe at both widths with no serious or critical violation, and nothing wider than the phone. */
async function inspect(page: Page, name: string, axeLog: string[]): Promise<void> {
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(SHOTS, `${name}-${label}.png`), fullPage: true });
    const violations = await page.evaluate(async (source) => {
      if (!("axe" in window)) (0, eval)(source);
      const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
      return (await axe.run(document, { resultTypes: ["violations"] })).violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(" ")) }));
    }, axeSource);
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    axeLog.push(`${name} @${label}: ${serious.length} serious/critical, ${violations.length} in all`);
    expect(serious, `${name} at ${label}: ${JSON.stringify(serious)}`).toEqual([]);
    if (label === "phone") {
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(wide, `${name} overflows at 390 px`).toBeLessThanOrEqual(390);
    }
  }
  await page.setViewportSize(viewports.desktop);
}

async function connect(ws: TestWorkspace, platform: string): Promise<string> {
  const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform, handle: `br-${platform.slice(0, 5)}-${randomString(5).toLowerCase()}` } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe.skipIf(missing !== null)("publishing from the dashboard in a real browser", { timeout: 180_000 }, () => {
  let served: ServedApp;
  let browser: Browser;
  let page: Page;
  let ws: TestWorkspace;
  const ids: Record<string, string> = {};
  const problems: string[] = [];
  const axeLog: string[] = [];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    served = await serveTestApp();
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: viewports.desktop, timezoneId: "Europe/Berlin" })).newPage();
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    ws = await served.t.workspace({ plan: "subscription" });
    for (const platform of ["twitter", "facebook", "pinterest", "googlebusiness"]) ids[platform] = await connect(ws, platform);
    const link = (await (await ws.request("/v1/app-link", { method: "POST" })).json()) as { url: string };
    await page.goto(link.url);
    await page.click("#signin");
    await page.waitForURL(`${served.origin}/dashboard`);
  }, 120_000);
  afterAll(async () => {
    console.info(`axe per page:\n${axeLog.join("\n")}`);
    await browser?.close();
    await served?.close();
  });

  it("composes to published on X, a Facebook page, a Google Business location and a Pinterest board", async () => {
    await page.goto(`${served.origin}/dashboard/compose`);
    await expect(page.locator("#timezone").inputValue(), "the schedule's zone starts on the browser's").resolves.toBe("Europe/Berlin");
    await inspect(page, "compose", axeLog);
    for (const platform of ["twitter", "facebook", "googlebusiness", "pinterest"]) await page.check(`input[name=accounts][value="${ids[platform]}"]`);
    const text = `Every network at once ${randomString(6)}`;
    await page.fill("#text", text);
    // The checks of this text (its length counted): an answer about an earlier state is left to the server.
    await expect.poll(() => page.locator('#counters [data-platform="twitter"]').textContent()).toContain(`${text.length} / 280`);
    await page.waitForSelector("#validation [data-refused]");
    // Publish is stopped in the browser while a network would refuse: nothing is sent, nothing typed is lost.
    await page.click("#publish");
    await expect(page.locator("#submit-problem").textContent()).resolves.toContain("Nothing was sent");
    await inspect(page, "compose-refused", axeLog);
    await page.setInputFiles("#file", { name: "photo.png", mimeType: "image/png", buffer: Buffer.from(png(1000, 1500)) });
    await page.click("#upload");
    // The script uploads with a progress bar and adds the file to the form in place.
    await page.waitForSelector("#media-items [data-media]");
    await expect(page.locator("#text").inputValue(), "the upload keeps the text").resolves.toBe(text);
    await expect(page.locator(`input[name=accounts][value="${ids.pinterest}"]`).isChecked(), "and the ticked accounts").resolves.toBe(true);
    await page.fill("#alt-0", "A tall test card");
    for (const platform of ["facebook", "pinterest", "googlebusiness"]) {
      const options = page.locator(`#dest-${platform} option`);
      expect(await options.count(), `${platform} picker`).toBeGreaterThan(1);
      await page.selectOption(`#dest-${platform}`, (await options.nth(1).getAttribute("value")) ?? "");
    }
    await page.fill("#text", `${text}.`);
    await page.waitForSelector("#validation-targets:not(:has([data-refused]))");
    await expect(page.locator("#counters").textContent()).resolves.toContain("X:");
    await page.click("#publish");
    await page.waitForURL(/\/dashboard\/posts\/post_/);
    for (const platform of ["twitter", "facebook", "pinterest"]) {
      await expect(page.locator(`#target-${platform} .badge`).textContent(), platform).resolves.toBe("published");
    }
    // Google reviews a local post before it is live: the simulator answers it as still processing.
    await expect(page.locator("#target-googlebusiness .badge").textContent()).resolves.toMatch(/^(published|processing)$/);
    await expect(page.locator("#post-links").isVisible()).resolves.toBe(true);
    await inspect(page, "post-published", axeLog);
  });

  it("saves a draft, edits it, publishes it; deletes another after confirming", async () => {
    await page.goto(`${served.origin}/dashboard/compose`);
    await page.check(`input[name=accounts][value="${ids.twitter}"]`);
    await page.fill("#text", `Draft one ${randomString(6)}`);
    await page.click("#save-draft");
    await page.waitForURL(/\/dashboard\/posts\/post_/);
    await inspect(page, "draft", axeLog);
    await page.click("#edit-post");
    await page.waitForSelector("#edit-post");
    await inspect(page, "draft-edit", axeLog);
    await page.fill("#text", "Draft one, edited");
    await page.click("#publish-draft");
    await page.waitForURL(/\/dashboard\/posts\/post_[^/]+$/);
    await expect(page.locator("#post-text").textContent()).resolves.toBe("Draft one, edited");
    await expect(page.locator("#target-twitter .badge").textContent()).resolves.toBe("published");

    await page.goto(`${served.origin}/dashboard/compose`);
    await page.check(`input[name=accounts][value="${ids.twitter}"]`);
    await page.fill("#text", `Draft two ${randomString(6)}`);
    await page.click("#save-draft");
    await page.waitForURL(/\/dashboard\/posts\/post_/);
    await page.click("#delete-draft");
    await page.waitForSelector("#confirm");
    await inspect(page, "confirm-delete", axeLog);
    await page.click("#confirm");
    await page.waitForURL(/\/dashboard\/posts\?done=deleted/);
    await inspect(page, "posts", axeLog);
  });

  it("refuses Schedule without a time in the browser, nothing sent", async () => {
    await page.goto(`${served.origin}/dashboard/compose`);
    await page.check(`input[name=accounts][value="${ids.twitter}"]`);
    await page.fill("#text", `No time ${randomString(6)}`);
    await page.click("#schedule");
    await expect(page.locator("#submit-problem").textContent()).resolves.toContain("Pick the date and the time");
    expect(page.url()).toBe(`${served.origin}/dashboard/compose`);
  });

  it("explains a revoked permission in plain words and reconnects from the post's button", async () => {
    const fault = await ws.request(`/v1/sandbox/social-accounts/${ids.twitter}/fault`, { method: "PUT", json: { fault: "revoked_permission" } });
    expect(fault.status, await fault.clone().text()).toBe(200);
    // The test clock stands still: a second later, this post is the account's newest, whose answer its health reads.
    served.t.clock.advance(1000);
    await page.goto(`${served.origin}/dashboard/compose`);
    await page.check(`input[name=accounts][value="${ids.twitter}"]`);
    await page.fill("#text", `Refused ${randomString(6)}`);
    await page.click("#publish");
    await page.waitForURL(/\/dashboard\/posts\/post_/);
    await expect(page.locator("#target-twitter .badge").textContent()).resolves.toBe("failed");
    const words = (await page.locator("#target-twitter .alert").textContent()) ?? "";
    expect(words).not.toMatch(/\/v1\/|`|Idempotency/);
    await inspect(page, "post-failed", axeLog);
    await page.goto(`${served.origin}/dashboard/accounts`);
    await expect(page.locator(`#account-${ids.twitter} .badge`).textContent()).resolves.toBe("permission revoked");
    await inspect(page, "accounts", axeLog);
    await page.goBack();
    await page.click("#reconnect-twitter");
    await page.waitForURL(/\/(connect|sandbox)\//);
    await ws.request(`/v1/sandbox/social-accounts/${ids.twitter}/fault`, { method: "PUT", json: { fault: null } });
    expect(problems.filter((p) => !p.includes("401"))).toEqual([]);
  });
});
