import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipWithout } from "../support/required-service.js";
import { type ServedApp, TMP_DIR, chromiumMissing, launchChromium, serveTestApp } from "../support/browser.js";

const missing = chromiumMissing();
skipWithout("chromium", missing, "/docs in a real browser");

/**
 * /docs as a reader sees it, in chromium under the page's own CSP: Swagger UI renders every
 * operation of /openapi.json with its examples, every request stays on Chorus's origin, nothing is
 * refused by the CSP, and an error link (`/docs#error-<code>`) lands on its row once the reference
 * has rendered above it.
 */
describe.skipIf(missing !== null)("/docs in a real browser", () => {
  let served: ServedApp;
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    served = await serveTestApp();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on("request", (request) => requests.push(request.url()));
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("response", (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it("renders every operation with examples from Chorus's own files, and lands on an error's row", async () => {
    const doc = (await (await fetch(`${served.origin}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const operationCount = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);

    await page.goto(`${served.origin}/docs#error-rate_limited`);
    await page.waitForSelector(".opblock", { timeout: 30_000 });
    await page.waitForFunction((count) => document.querySelectorAll(".opblock").length === count, operationCount, { timeout: 30_000 });
    // Markdown of the description is rendered (headings), not shown raw.
    expect(await page.locator(".information-container h2").count()).toBeGreaterThan(0);
    await expect(page.locator(".information-container").textContent()).resolves.not.toContain("## ");

    await page.waitForFunction(() => Math.abs(document.getElementById("error-rate_limited")?.getBoundingClientRect().top ?? 999) < 5, undefined, { timeout: 10_000 });

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator("#operations-Posts-createPost .opblock-summary").click();
    await expect(page.locator("#operations-Posts-createPost .body-param__example, #operations-Posts-createPost .highlight-code").first().textContent()).resolves.toContain("Hello from Chorus!");
    await page.screenshot({ path: join(TMP_DIR, "docs-page.png") });

    expect(new Set(requests.map((url) => new URL(url).origin))).toEqual(new Set([served.origin]));
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
    expect(problems).toEqual([]);
  }, 90_000);
});
