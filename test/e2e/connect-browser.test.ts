import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomString } from "../../src/infra/ids.js";
import { skipWithout } from "../support/required-service.js";
import { type ServedApp, TMP_DIR, chromiumMissing, launchChromium, serveTestApp } from "../support/browser.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

const missing = chromiumMissing();
skipWithout("chromium", missing, "hosted connect page in a real browser");

/** The integrating app's page a returnUrl points to: it shows what it was sent. */
function returnPage(request: Request): Response | null {
  const url = new URL(request.url);
  if (url.pathname !== "/done") return null;
  const items = [...url.searchParams].map(([k, v]) => `<li><b>${k}</b>: <span id="${k}">${v.replace(/[<&"]/g, "")}</span></li>`).join("");
  return new Response(`<!doctype html><title>Back in the app</title><h1>Back in the app</h1><ul>${items}</ul>`, { headers: { "content-type": "text/html" } });
}

async function mint(ws: WorkspaceFixture, body: Record<string, unknown>): Promise<string> {
  const link = await ws.post("/v1/connect-link", body);
  expect(link.status, link.text).toBe(201);
  return link.body.url;
}

/**
 * The hosted connect flow as a person goes through it, in chromium: the link's page, a click on
 * a network, the simulated network's consent page (served by our server), the OAuth callback,
 * and the redirect to the app's returnUrl; and Bluesky's app-password form.
 */
describe.skipIf(missing !== null)("hosted connect page in a real browser", () => {
  let served: ServedApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    served = await serveTestApp({ extra: returnPage });
    browser = await launchChromium();
    page = await browser.newPage();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await served?.close();
  });

  it("connects X: link → network list → consent → returnUrl with the account, which the API then lists", async () => {
    const ws = await testWorkspace(served.t, { plan: "subscription" });
    const returnUrl = `http://localhost:${served.port}/done`;
    const url = await mint(ws, { returnUrl });
    expect(url.startsWith(`${served.origin}/connect/`)).toBe(true);

    await page.goto(url);
    await expect(page.locator("h1").textContent()).resolves.toBe("Connect your accounts");
    // Ten networks, Instagram with two doors and LinkedIn with one per product the sandbox app has (member, organization).
    expect(await page.locator("#doors a").count()).toBe(12);
    await expect(page.locator("#connect-instagram-facebook_login").textContent()).resolves.toBe("Instagram via Facebook Page");
    await page.screenshot({ path: join(TMP_DIR, "connect-page.png"), fullPage: true });

    await page.click("#connect-twitter");
    await page.waitForURL(/\/sandbox\/x\.com\/i\/oauth2\/authorize\?/);
    const handle = `browser-${randomString(6).toLowerCase()}`;
    await page.fill("#handle", handle);
    await page.screenshot({ path: join(TMP_DIR, "connect-consent.png"), fullPage: true });
    await page.click("#approve");
    await page.waitForURL((u) => u.toString().startsWith(returnUrl));

    const back = new URL(page.url());
    expect(back.searchParams.get("status")).toBe("connected");
    expect(back.searchParams.get("platform")).toBe("twitter");
    const account = back.searchParams.get("account") ?? "";
    expect(account).toMatch(/^acc_/);
    await expect(page.locator("#status").textContent()).resolves.toBe("connected");

    const listed = await ws.read("/v1/social-accounts");
    expect(listed.accounts).toEqual([expect.objectContaining({ id: account, platform: "twitter", handle })]);
  });

  it("connects Bluesky with a handle and app password, and shows the fix for a wrong password", async () => {
    const ws = await testWorkspace(served.t);
    const handle = `dana-${randomString(6).toLowerCase()}.test`;
    await page.goto(await mint(ws, {}));
    await page.click("#connect-bluesky");
    await page.fill("#handle", handle);
    await page.fill("#app-password", "abcd-efgh-ijkl-mnop");
    await page.click("#connect");
    await expect(page.locator("#connected").textContent()).resolves.toBe(`Connected as @${handle}`);
    await page.screenshot({ path: join(TMP_DIR, "connect-bluesky-connected.png"), fullPage: true });
    const listed = await ws.read("/v1/social-accounts");
    expect(listed.accounts).toEqual([expect.objectContaining({ platform: "bluesky", handle })]);

    // The same sandbox account (it lives in this workspace's sandbox world), a wrong app password: the form comes back.
    await page.goto(await mint(ws, { platforms: ["bluesky"] }));
    await page.click("#connect-bluesky");
    await page.fill("#handle", handle);
    await page.fill("#app-password", "wrong-pass-word-xxxx");
    await page.click("#connect");
    await page.locator("#error").waitFor();
    await expect(page.locator("#error-fix").textContent()).resolves.toMatch(/App passwords/);
    await expect(page.locator("#handle").inputValue()).resolves.toBe(handle);
    await expect(page.locator("#app-password").inputValue()).resolves.toBe("");
    await page.screenshot({ path: join(TMP_DIR, "connect-bluesky-wrong-password.png"), fullPage: true });
    const still = await ws.read("/v1/social-accounts");
    expect(still.accounts).toHaveLength(1);
  });
});
