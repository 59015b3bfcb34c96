import { existsSync, mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { type ServerType, serve } from "@hono/node-server";
import { type Browser, chromium } from "playwright-core";
import type { AppDeps } from "../../src/deps.js";
import { type TestApp, createTestApp } from "./test-app.js";

/** Debian's chromium; CI installs it. Tests that need a browser skip, saying why, when it is missing. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

export function chromiumMissing(): string | null {
  return existsSync(CHROMIUM_PATH) ? null : `${CHROMIUM_PATH} is not installed (apt-get install chromium)`;
}

/** Screenshots and chromium's temporary profiles go under the repo's ignored .tmp/, not the system temp. */
export const TMP_DIR = join(process.cwd(), ".tmp");

/**
 * A headless chromium for driving pages as a person would. No --user-data-dir: playwright
 * makes a throwaway profile under TMPDIR, which points at .tmp/ so nothing leaks elsewhere.
 */
export async function launchChromium(): Promise<Browser> {
  mkdirSync(TMP_DIR, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    env: { ...process.env, TMPDIR: TMP_DIR },
  });
}

export interface ServedApp {
  t: TestApp;
  /** Where the app is served, also its `publicUrl`: `http://127.0.0.1:<port>`. */
  origin: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The test app on a real HTTP port, with `publicUrl` set to that port so OAuth redirects and
 * sandbox pages come back to it. `extra` answers paths the app does not have (a stand-in for
 * the integrating app's returnUrl page); everything else goes to the app.
 */
export async function serveTestApp(options: { deps?: Partial<AppDeps>; extra?: (request: Request) => Response | null } = {}): Promise<ServedApp> {
  let app: TestApp | null = null;
  const fetch = (request: Request): Response | Promise<Response> => {
    const own = options.extra?.(request);
    if (own) return own;
    if (!app) return new Response("starting", { status: 503 });
    return app.app.fetch(request);
  };
  const { server, port } = await new Promise<{ server: ServerType; port: number }>((resolve) => {
    const started: ServerType = serve({ fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => resolve({ server: started, port: info.port }));
  });
  const origin = `http://127.0.0.1:${port}`;
  app = await createTestApp({ deps: { ...options.deps, publicUrl: origin } });
  return {
    t: app,
    origin,
    port,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
