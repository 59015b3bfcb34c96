import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import type { AppDeps } from "../../src/deps.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { API_ORIGIN } from "./api-conformance.js";
import { type ServedApp, launchChromium, serveTestApp } from "./browser.js";
import { pageInspector, viewports } from "./page-inspection.js";
import { type ApiCalls, type WorkspaceFixture, testWorkspace } from "./workspace-fixture.js";

export interface DashboardBrowserOptions {
  /** The folder under test-results/ for the screenshots and axe.json. */
  shots: string;
  /** The browser's time zone; the machine's by default. */
  timezoneId?: string;
  deps?: Partial<AppDeps>;
  /**
   * Also count the console's "Failed to load resource" errors (a refused form, a 401 page) as
   * problems. Off by default: those pages are asked for on purpose; any other error counts.
   */
  failedLoads?: boolean;
  /**
   * A subscription workspace made before the describe's own hooks, with one sandbox account per
   * platform listed, its owner signed in on `page`: `ws` and `ids`.
   */
  owner?: readonly PlatformId[];
}

export interface DashboardBrowser {
  served: ServedApp;
  browser: Browser;
  /** The page's context, at 1280 px (and `timezoneId`). */
  context: BrowserContext;
  page: Page;
  /** Script errors and console errors (a CSP violation among them) seen on `page`: a test ends expecting none. */
  problems: string[];
  /** Screenshots at 1280 and 390 px, nothing wider than the screen, no serious axe violation (page-inspection.ts). */
  inspect(page: Page, name: string): Promise<void>;
  /** Signs `target` (default `page`) in as the owner of `ws` through an app link; it ends on /dashboard. */
  signIn(ws: ApiCalls, target?: Page): Promise<void>;
  /** With `owner`: the signed-in workspace, and its accounts' ids by platform. */
  ws: WorkspaceFixture;
  ids: Record<string, string>;
}

/**
 * The set-up every dashboard browser test shares, as hooks of the calling describe: the test app
 * on a port, chromium, one page whose errors are collected, and at the end axe.json written and
 * everything closed. The fields are filled before the describe's own beforeAll runs (hooks run in
 * the order they are registered), so that hook can make the workspace and sign in.
 */
export function dashboardInBrowser(options: DashboardBrowserOptions): DashboardBrowser {
  const shots = join(process.cwd(), "test-results", options.shots);
  const { inspect, axeLog } = pageInspector(shots);
  // The browser, the app and the page exist only once beforeAll ran: typed as there already,
  // which is what every test (run after it) sees.
  const dash = {
    problems: [] as string[],
    ids: {},
    inspect,
    async signIn(ws: ApiCalls, target?: Page) {
      const page = target ?? dash.page;
      const link = await ws.post("/v1/app-link");
      expect(link.status, link.text).toBe(201);
      await page.goto(link.body.url.replace(API_ORIGIN, dash.served.origin));
      await page.click("#signin");
      await page.waitForURL(`${dash.served.origin}/dashboard`);
    },
  } as DashboardBrowser;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    dash.served = await serveTestApp(options.deps ? { deps: options.deps } : {});
    dash.browser = await launchChromium();
    dash.context = await dash.browser.newContext({ viewport: viewports.desktop, ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}) });
    dash.page = await dash.context.newPage();
    dash.page.on("pageerror", (error) => dash.problems.push(error.message));
    dash.page.on("console", (message) => {
      if (message.type() !== "error") return;
      if (options.failedLoads || !message.text().startsWith("Failed to load resource")) dash.problems.push(message.text());
    });
    if (!options.owner) return;
    dash.ws = await testWorkspace(dash.served.t, { plan: "subscription" });
    for (const platform of options.owner) dash.ids[platform] = (await dash.ws.connect(platform)).id;
    await dash.signIn(dash.ws);
  }, 120_000);
  afterAll(async () => {
    writeFileSync(join(shots, "axe.json"), JSON.stringify(axeLog, null, 2));
    await dash.browser?.close();
    await dash.served?.close();
  });
  return dash;
}
