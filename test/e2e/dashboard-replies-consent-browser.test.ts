import { OAuthClientInformationFullSchema } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { skipWithout } from "../support/required-service.js";
import { chromiumMissing } from "../support/browser.js";
import { dashboardInBrowser } from "../support/dashboard-browser.js";
import { viewports } from "../support/page-inspection.js";
import { countOf, networkPosts, settleChain } from "../support/thread-chain.js";
import { pkce } from "../support/agent-oauth.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

const missing = chromiumMissing();
skipWithout("chromium", missing, "the draft's replies, the post page's times and the agent consent page in a real browser");

/**
 * A draft's thread item and first comment edited and published from the dashboard; a post's times
 * in the browser's zone (and without script, in the zone picked); the agent consent page walked at
 * 1280 and 390 px. axe on every page at both widths.
 */
describe.skipIf(missing !== null)("replies, times and consent in a real browser", { timeout: 90_000 }, () => {
  const dash = dashboardInBrowser({ shots: "dashboard-replies-consent", timezoneId: "Asia/Tokyo" });
  let ws: WorkspaceFixture;
  let bluesky = "";

  /** A browser context of the same signed-in owner whose pages get no script (the dashboard's and htmx are not served); axe still runs through the protocol. */
  async function withoutScript(): Promise<BrowserContext> {
    const still = await dash.browser.newContext({ viewport: viewports.phone });
    await still.addCookies(await dash.context.cookies());
    await still.route(/\/dashboard\/assets\/.*\.js/, (route) => route.abort());
    return still;
  }

  beforeAll(async () => {
    ws = await testWorkspace(dash.served.t, { plan: "subscription" });
    bluesky = (await ws.connect("bluesky", { handle: "replies-browser.test", appPassword: "abcd-efgh-ijkl-mnop" })).id;
    await dash.signIn(ws);
  }, 120_000);

  it("edits a draft's thread item and first comment, then publishes it with them", async () => {
    const draft = await ws.publish({ text: "A draft with replies", accounts: [bluesky], draft: true, thread: [{ text: "Old second post" }], firstComment: { text: "Old comment" } });
    await dash.page.goto(`${dash.served.origin}/dashboard/posts/${draft.id}`);
    await dash.page.click("#edit-post");
    await dash.page.waitForSelector("#replies[open]");
    await expect(dash.page.locator("#firstComment").inputValue()).resolves.toBe("Old comment");
    await expect(dash.page.locator("#thread-0").inputValue()).resolves.toBe("Old second post");
    await dash.page.fill("#thread-0", "New second post");
    await dash.page.fill("#firstComment", "New first comment");
    // The checks and the preview follow the typed replies, as in Compose.
    await expect.poll(() => dash.page.locator(`#preview-${bluesky}-thread-0`).textContent()).toContain("New second post");
    await expect.poll(() => dash.page.locator(`#preview-${bluesky}`).textContent()).toContain("New first comment");
    await dash.inspect(dash.page, "edit-draft-replies");
    // The page's JavaScript, every script it loads, stays under 100 KB.
    const scripts = await dash.page.locator("script[src]").evaluateAll((nodes) => nodes.map((n) => (n as HTMLScriptElement).src));
    expect(scripts.length).toBeGreaterThan(0);
    const sizes = await Promise.all(scripts.map(async (src) => (await (await dash.context.request.get(src)).body()).byteLength));
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(100 * 1024);
    await dash.page.click("#publish-draft");
    await dash.page.waitForURL(new RegExp(`/dashboard/posts/${draft.id}(\\?|$)`));
    const sent = await settleChain(dash.served.t, ws, (await ws.get(`/v1/posts/${draft.id}`)).body);
    expect(sent.targets[0]).toMatchObject({ state: "published", firstComment: { state: "posted" }, thread: [{ state: "published" }] });
    const onNetwork = await networkPosts(dash.served.t, ws.id, "bluesky");
    for (const text of ["A draft with replies", "New second post", "New first comment"]) expect(countOf(onNetwork, text), text).toBe(1);
    expect(countOf(onNetwork, "Old second post") + countOf(onNetwork, "Old comment")).toBe(0);
    await dash.inspect(dash.page, "post-published");
    expect(dash.problems).toEqual([]);
  });

  it("shows a post's times in the browser's zone, and without script in the zone picked, with the offset", async () => {
    const post = await ws.publish({ text: "Evening in Berlin", accounts: [bluesky], scheduledAt: "2030-01-10T21:30:00", timezone: "Europe/Berlin" });
    await dash.page.goto(`${dash.served.origin}/dashboard/posts/${post.id}`);
    // The script reopens the page in the browser's zone (Tokyo here), as the calendar and the list do.
    await expect.poll(() => dash.page.url()).toContain("tz=Asia%2FTokyo");
    await dash.page.waitForLoadState();
    await expect(dash.page.locator("#post-tz").inputValue()).resolves.toBe("Asia/Tokyo");
    await expect(dash.page.locator("#post-times").textContent()).resolves.toContain("scheduled for 2030-01-11 05:30 UTC+09:00 (set in Europe/Berlin)");
    await dash.inspect(dash.page, "post-times");

    const still = await withoutScript();
    const plain = await still.newPage();
    await plain.goto(`${dash.served.origin}/dashboard/posts/${post.id}`);
    await expect(plain.locator("#post-times").textContent()).resolves.toContain("scheduled for 2030-01-10 20:30 UTC (set in Europe/Berlin)");
    await plain.selectOption("#post-tz", "America/New_York");
    await plain.click("#show-times");
    await expect.poll(() => plain.url()).toContain("tz=America%2FNew_York");
    await plain.waitForLoadState();
    await expect(plain.locator("#post-times").textContent()).resolves.toContain("scheduled for 2030-01-10 15:30 UTC-05:00");
    await dash.inspect(plain, "post-times-no-script");
    await still.close();
    expect(dash.problems).toEqual([]);
  });

  it("walks the agent consent page at 1280 and 390 px: the defaults grant what the agent asked, the owner narrows, Allow with nothing is stopped", async () => {
    const redirect = "http://127.0.0.1:8977/callback";
    const registered = await fetch(`${dash.served.origin}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Consent walker", redirect_uris: [redirect], token_endpoint_auth_method: "none" }),
    });
    expect(registered.status).toBe(201);
    // Read as RFC 7591 answers a registration (the SDK's schema of it).
    const clientId = OAuthClientInformationFullSchema.parse(await registered.json()).client_id;
    // Nothing listens at the agent's address: the browser's arrival there is answered here, and its address read.
    await dash.context.route(`${redirect}**`, (route) => route.fulfill({ status: 200, contentType: "text/plain", body: "Back at the agent." }));
    const codes: URL[] = [];
    const answered = async (target: Page) => {
      await target.waitForURL((url) => url.toString().startsWith(redirect));
      codes.push(new URL(target.url()));
    };
    const authorize = (state: string) =>
      `${dash.served.origin}/oauth/authorize?${new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirect, code_challenge: pkce().challenge, code_challenge_method: "S256", state, resource: `${dash.served.origin}/v1/mcp` })}`;
    const grants = async () => (await ws.read("/v1/agents")).items.map((a) => a.grant);

    // 1280 px: the defaults are what the agent asked for; Allow grants exactly them.
    await dash.page.setViewportSize(viewports.desktop);
    await dash.page.goto(authorize("defaults"));
    await dash.page.waitForSelector("#consent");
    await expect(dash.page.locator("#client-name").textContent()).resolves.toBe("Consent walker");
    for (const box of ["#profile-all", "#platform-all", "#action-read", "#action-draft", "#action-publish_or_schedule", "#action-reply_and_message"]) {
      await expect(dash.page.locator(box).isChecked(), box).resolves.toBe(true);
    }
    await dash.inspect(dash.page, "consent");
    await dash.page.click("#approve");
    await answered(dash.page);
    expect(codes[0]?.searchParams.get("state")).toBe("defaults");
    expect(codes[0]?.searchParams.get("code")).toBeTruthy();
    expect(await grants()).toEqual([{ ...(await grants())[0], profiles: null, platforms: null, actions: ["read", "draft", "publish_or_schedule", "reply_and_message"] }]);

    // 390 px: nothing ticked is stopped in the page with the reason, focus on the first box; nothing is sent.
    await dash.page.setViewportSize(viewports.phone);
    await dash.page.goto(authorize("narrowed"));
    await dash.page.waitForSelector("#consent");
    for (const action of ["read", "draft", "publish_or_schedule", "reply_and_message"]) await dash.page.uncheck(`#action-${action}`);
    await dash.page.click("#approve");
    await expect(dash.page.locator("#consent-problem").isVisible()).resolves.toBe(true);
    await expect(dash.page.locator("#consent-problem").textContent()).resolves.toContain("Choose at least one action");
    expect(codes).toHaveLength(1);
    await dash.inspect(dash.page, "consent-nothing-chosen");
    // Every brand kept but no network: stopped too.
    await dash.page.check("#action-read");
    await dash.page.uncheck("#platform-all");
    await dash.page.click("#approve");
    await expect(dash.page.locator("#consent-problem").textContent()).resolves.toContain("the networks it may reach");
    expect(codes).toHaveLength(1);
    // Narrowed to Bluesky and reading: granted as narrowed.
    await dash.page.setViewportSize(viewports.phone);
    await dash.page.check("#platform-bluesky");
    await dash.page.click("#approve");
    await answered(dash.page);
    expect(codes[1]?.searchParams.get("state")).toBe("narrowed");
    const narrowed = (await grants()).find((g) => g.platforms !== null);
    expect(narrowed).toMatchObject({ profiles: null, platforms: ["bluesky"], actions: ["read"] });

    // Without script the server refuses the same empty Allow, keeping the form, with the reason.
    const still = await withoutScript();
    const plain = await still.newPage();
    await plain.goto(authorize("no-script"));
    for (const action of ["read", "draft", "publish_or_schedule", "reply_and_message"]) await plain.uncheck(`#action-${action}`);
    await plain.click("#approve");
    await expect(plain.locator("#consent-refused").textContent()).resolves.toContain("Choose at least one action");
    await expect(plain.locator("#platform-all").isChecked()).resolves.toBe(true);
    // An empty brand group reaches no account either: refused, naming it.
    await plain.check("#action-read");
    await plain.uncheck("#profile-all");
    await plain.click("#approve");
    await expect(plain.locator("#consent-refused").textContent()).resolves.toContain("Choose the brands it may act for");
    await dash.inspect(plain, "consent-refused-no-script");
    await still.close();
    expect(codes).toHaveLength(2);
    expect(dash.problems).toEqual([]);
  });
});
