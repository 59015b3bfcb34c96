/**
 * The reference at /docs in Chromium (issue 31): per page, the bytes the browser transfers on a
 * cold load (compressed bodies and headers, every request of the page) and the time to
 * interactive, from navigation start to the moment docs.js has wired search and try-it
 * (`performance.mark("docs-ready")`), median of BENCH_DOCS_RUNS (default 5) cold loads each. Then
 * search: from typing to the first result on screen, the search index loaded on that first use.
 * Target: interactive in under 1.5 s on every page. Printed and recorded, never asserted.
 * `npx tsx bench/run.ts docs` runs this section alone.
 */
import { existsSync } from "node:fs";
import type { Browser } from "playwright-core";
import { percentile, round } from "./stats.js";

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

const CHROMIUM = "/usr/bin/chromium";
export const DOCS_INTERACTIVE_TARGET_MS = 1500;

const PAGES = {
  index: "/docs",
  operation: "/docs/operations/createPost",
  errors: "/docs/errors",
  guide: "/docs/guides/quick-start",
} as const;

export interface DocsPageFigures {
  path: string;
  /** Bytes over the wire for the page and everything it loads, cold cache. */
  transferredBytes: number;
  requests: number;
  interactiveMs: number;
}
export interface DocsBenchResult {
  runs: number;
  pages: Record<keyof typeof PAGES, DocsPageFigures>;
  /** Typing a query on a freshly loaded page until the first result shows (fetches /docs/search.json). */
  firstSearchMs: number;
  searchIndexBytes: number;
  target: { maxMs: number; value: number; met: boolean };
}

async function coldLoad(browser: Browser, url: string): Promise<{ bytes: number; requests: number; interactiveMs: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    let bytes = 0;
    let requests = 0;
    cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
      requests++;
    });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForSelector("html[data-ready]");
    const interactiveMs = await page.evaluate(() => performance.getEntriesByName("docs-ready")[0]?.startTime ?? Number.NaN);
    return { bytes, requests, interactiveMs };
  } finally {
    await context.close();
  }
}

async function firstSearch(browser: Browser, origin: string): Promise<{ ms: number; bytes: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    let bytes = 0;
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const urls = new Map<string, string>();
    cdp.on("Network.requestWillBeSent", (event: { requestId: string; request: { url: string } }) => urls.set(event.requestId, event.request.url));
    cdp.on("Network.loadingFinished", (event: { requestId: string; encodedDataLength: number }) => {
      if (urls.get(event.requestId)?.endsWith("/docs/search.json")) bytes = event.encodedDataLength;
    });
    await page.goto(`${origin}/docs`);
    await page.waitForSelector("html[data-ready]");
    const started = performance.now();
    await page.fill("#search-input", "webhook");
    await page.waitForSelector("#search-results a");
    return { ms: performance.now() - started, bytes };
  } finally {
    await context.close();
  }
}

export async function runDocsBench(origin: string, runs = Number.parseInt(process.env.BENCH_DOCS_RUNS ?? "5", 10)): Promise<DocsBenchResult | null> {
  if (!existsSync(CHROMIUM)) {
    console.log(`\n/docs in Chromium: skipped, ${CHROMIUM} is not installed`);
    return null;
  }
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    // One load first so the server has rendered and cached each page: the figures are the browser's.
    for (const path of Object.values(PAGES)) await coldLoad(browser, `${origin}${path}`);
    const pages = {} as DocsBenchResult["pages"];
    for (const [name, path] of Object.entries(PAGES) as [keyof typeof PAGES, string][]) {
      const loads = [];
      for (let run = 0; run < runs; run++) loads.push(await coldLoad(browser, `${origin}${path}`));
      pages[name] = {
        path,
        transferredBytes: median(loads.map((load) => load.bytes)),
        requests: median(loads.map((load) => load.requests)),
        interactiveMs: round(median(loads.map((load) => load.interactiveMs)), 1),
      };
    }
    const searches = [];
    for (let run = 0; run < runs; run++) searches.push(await firstSearch(browser, origin));
    const worst = Math.max(...Object.values(pages).map((page) => page.interactiveMs));
    return {
      runs,
      pages,
      firstSearchMs: round(median(searches.map((search) => search.ms)), 1),
      searchIndexBytes: median(searches.map((search) => search.bytes)),
      target: { maxMs: DOCS_INTERACTIVE_TARGET_MS, value: worst, met: worst < DOCS_INTERACTIVE_TARGET_MS },
    };
  } finally {
    await browser.close();
  }
}

export function printDocs(result: DocsBenchResult | null): void {
  if (!result) return;
  console.log(`\n/docs in Chromium, cold cache, median of ${result.runs} loads (target: interactive under ${result.target.maxMs} ms)`);
  for (const [name, page] of Object.entries(result.pages)) {
    console.log(
      `  ${name.padEnd(10)} ${page.path.padEnd(30)} ${(page.transferredBytes / 1024).toFixed(1).padStart(6)} KB transferred in ${page.requests} requests, interactive at ${page.interactiveMs} ms`,
    );
  }
  console.log(`  first search: ${result.firstSearchMs} ms to the first result, search index ${(result.searchIndexBytes / 1024).toFixed(1)} KB transferred`);
  console.log(`  slowest page interactive at ${result.target.value} ms: ${result.target.met ? "met" : "MISSED"}`);
}

/** `npx tsx bench/run.ts docs`: the Node app on a fresh embedded database, served on a loopback port. */
export async function runDocsAlone(): Promise<number> {
  const { openBenchRuntime } = await import("./setup.js");
  const { createApp } = await import("../src/app.js");
  const { listen, closeServer } = await import("./listen.js");
  const runtime = await openBenchRuntime();
  const { server, port } = await listen(createApp(runtime.deps).fetch);
  try {
    printDocs(await runDocsBench(`http://127.0.0.1:${port}`));
    return 0;
  } finally {
    await closeServer(server);
    await runtime.close();
  }
}
