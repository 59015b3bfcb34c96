import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipWithout } from "../support/required-service.js";
import { type ServedApp, TMP_DIR, chromiumMissing, launchChromium, serveTestApp } from "../support/browser.js";
import { type AxeViolation, seriousViolations, sidewaysOverflow } from "../support/page-inspection.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

const missing = chromiumMissing();
skipWithout("chromium", missing, "/docs in a real browser");

/**
 * /docs as a reader sees it, in chromium under the page's own CSP, on a desktop and a phone: the
 * index, an operation page, the errors and a guide pass axe with no serious or critical violation
 * and never scroll sideways; search finds an operation; try-it sends a real request with a test
 * key to the server and shows its answer; every request stays on Chorus's origin.
 */
describe.skipIf(missing !== null)("/docs in a real browser", () => {
  let served: ServedApp;
  let browser: Browser;
  let workspace: WorkspaceFixture;

  beforeAll(async () => {
    served = await serveTestApp();
    workspace = await testWorkspace(served.t);
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  for (const [label, viewport] of [
    ["1280 px", { width: 1280, height: 900 }],
    ["390 px", { width: 390, height: 844 }],
  ] as const) {
    it(`at ${label}: accessible pages, search, try-it against the server, old error links`, async () => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const requests: string[] = [];
      const problems: string[] = [];
      page.on("request", (request) => requests.push(request.url()));
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      page.on("response", (response) => {
        if (response.status() >= 400 && !response.url().includes("/v1/")) problems.push(`${response.status()} ${response.url()}`);
      });
      await page.addInitScript(() => {
        const seen: string[] = [];
        Object.assign(window, { cspViolations: seen });
        document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
      });
      const results: Record<string, AxeViolation[]> = {};
      const check = async (name: string) => {
        await page.waitForSelector("html[data-ready]");
        // Before axe, which is evaluated into the page and would count as one.
        expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), name).toEqual([]);
        expect(await sidewaysOverflow(page), `${name} scrolls sideways`).toBeLessThanOrEqual(0);
        results[name] = await seriousViolations(page);
        await page.screenshot({ path: join(TMP_DIR, `docs-${name}-${viewport.width}.png`), fullPage: false });
      };

      // The index, then search: typing finds the operation, and its result opens its page.
      await page.goto(`${served.origin}/docs`);
      await check("index");
      await page.getByLabel("Search the reference").fill("publish schedule");
      const hit = page.locator('#search-results a[href="/docs/operations/createPost"]');
      await hit.waitFor();
      expect(await page.locator("#search-status").textContent()).toMatch(/\d+ results?/);
      // The keyboard reaches the results: the first is focused from the box.
      await page.getByLabel("Search the reference").press("ArrowDown");
      expect(await page.evaluate(() => document.activeElement?.closest("#search-results") !== null)).toBe(true);
      await hit.click();
      await page.waitForURL(`${served.origin}/docs/operations/createPost`);
      expect(await page.locator("h1").textContent()).toBe("Publish now, schedule, or save a draft");
      expect(await page.locator("#try-body").inputValue()).toContain("Hello from Chorus!");
      await check("operation");

      // Try-it: a real write with the pasted test key, then its answer; the profile exists afterwards.
      const name = `docs-try-it-${viewport.width}`;
      await page.goto(`${served.origin}/docs/operations/createProfile`);
      await page.waitForSelector("html[data-ready]");
      await page.getByLabel("Test key").fill(workspace.key);
      await page.getByLabel("Body (JSON)").fill(JSON.stringify({ username: name }));
      await page.getByRole("button", { name: /^Send POST/ }).click();
      await expect.poll(async () => `${await page.locator(".try-status").textContent()} ${await page.locator(".try-output").textContent()}`).toMatch(/^201 /);
      expect(await page.locator(".try-output").textContent()).toContain(name);
      const profiles = await workspace.read("/v1/profiles");
      expect(profiles.items.map((profile) => profile.username)).toContain(name);
      // Without a key the form says so and sends nothing.
      await page.getByLabel("Test key").fill("");
      const before = requests.length;
      await page.getByRole("button", { name: /^Send POST/ }).click();
      expect(await page.locator(".try-status").textContent()).toContain("Paste a test key");
      expect(requests.length).toBe(before);

      // An error link the API hands out lands on its row; an old /docs#error-… link is sent on to it.
      await page.goto(`${served.origin}/docs#error-rate_limited`);
      await page.waitForURL(`${served.origin}/docs/errors#error-rate_limited`);
      await page.waitForFunction(() => Math.abs(document.getElementById("error-rate_limited")?.getBoundingClientRect().top ?? 999) < 80);
      await check("errors");

      await page.goto(`${served.origin}/docs/guides/quick-start`);
      await check("guide");

      expect(results).toEqual({ index: [], operation: [], errors: [], guide: [] });
      expect(new Set(requests.map((url) => new URL(url).origin))).toEqual(new Set([served.origin]));
      expect(problems).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
