/**
 * The workerd tests' typed client: the Node tests' typed calls (`apiCalls`, test/support/workspace-fixture.ts,
 * bodies typed as the documented success answers) over requests to the Worker entry with a key, so
 * the tests read answers without casting them. There is no TestApp here, only the Worker.
 *
 * This code runs inside workerd: what it imports from test/support must need no Node API.
 */
import { SELF } from "cloudflare:test";
import { inject } from "vitest";
import type { PlatformId } from "../../src/types/platform-ids.js";
import type { TestWorkspace } from "../support/test-app.js";
import { type ApiCalls, apiCalls } from "../support/workspace-fixture.js";
import type {} from "./provided-context.js";

export const BASE = "https://chorus.test";

/** The workspace fixture's typed calls (get, post, read, connect, publish, upload...), to the Worker. */
export type WorkerApi = ApiCalls;

export interface WorkerApiOptions {
  /** The key sent as Bearer; null sends none. Default: the shared workspace's test key (global-setup.ts). */
  key?: string | null;
  /** Default: `BASE`. */
  origin?: string;
  /** Who answers. Default: the Worker entry as wrangler.toml runs it (SELF); a test with a Worker env of its own passes it here. */
  send?: (request: Request) => Promise<Response>;
}

/** The workerd files share one workspace and database, each in an isolate of its own: a handle no other file can take. */
function uniqueHandle(platform: PlatformId): string {
  const suffix = crypto.randomUUID().slice(0, 8);
  return platform === "bluesky" ? `wd-${suffix}.test` : `wd_${platform}_${suffix}`;
}

/** A typed client of the Worker for one key (see WorkerApiOptions). */
export function workerApi({ key = inject("apiKey"), origin = BASE, send = (request) => SELF.fetch(request) }: WorkerApiOptions = {}): WorkerApi {
  const request: TestWorkspace["request"] = (path, init = {}) => {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (key) headers.set("authorization", `Bearer ${key}`);
    if (json !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
    return send(new Request(new URL(path, origin), { ...rest, headers, ...(json === undefined ? {} : { body: JSON.stringify(json) }) }));
  };
  return apiCalls(request, { handleOf: uniqueHandle });
}

/** The shared workspace's client on SELF. */
export const api = workerApi();
