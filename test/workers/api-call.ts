/**
 * The workerd tests' typed client: requests to the Worker entry with a test key, answered as
 * `reply<T>` (test/support/workspace-fixture.ts) with `body` typed as the documented success answer
 * (test/support/api-types.ts), so the tests read answers without casting them. It is the workerd
 * counterpart of the Node tests' workspace fixture: there is no TestApp here, only the Worker.
 *
 * Only type imports and `reply` come from test/support: this code runs inside workerd, so nothing it
 * imports may need Node.
 */
import { SELF } from "cloudflare:test";
import { expect, inject } from "vitest";
import type { PlatformId } from "../../src/types/platform-ids.js";
import type { Method, Schemas, SuccessBody } from "../support/api-types.js";
import { type Reply, reply } from "../support/workspace-fixture.js";
import type {} from "./provided-context.js";

export const BASE = "https://chorus.test";

export interface WorkerCallInit {
  headers?: Record<string, string>;
  /** A body sent as is (an upload, a part) instead of `body` as JSON. */
  raw?: BodyInit;
  /** "manual" to see a redirect (303, its Location) instead of following it. */
  redirect?: "manual" | "follow";
}

export interface WorkerApi {
  call<M extends Method, P extends string>(method: M, path: P, body?: unknown, init?: WorkerCallInit): Promise<Reply<SuccessBody<M, P>>>;
  get<P extends string>(path: P, init?: WorkerCallInit): Promise<Reply<SuccessBody<"GET", P>>>;
  post<P extends string>(path: P, body?: unknown, init?: WorkerCallInit): Promise<Reply<SuccessBody<"POST", P>>>;
  put<P extends string>(path: P, body?: unknown, init?: WorkerCallInit): Promise<Reply<SuccessBody<"PUT", P>>>;
  patch<P extends string>(path: P, body?: unknown, init?: WorkerCallInit): Promise<Reply<SuccessBody<"PATCH", P>>>;
  /** GET that fails the test unless 200: the typed body. */
  read<P extends string>(path: P, init?: WorkerCallInit): Promise<SuccessBody<"GET", P>>;
  /** Connects a sandbox account by handle (Bluesky with an app password); fails the test unless 201. */
  connect(platform: PlatformId, options?: { handle?: string; [field: string]: unknown }): Promise<Schemas["SocialAccount"]>;
  /** POST /v1/posts; fails the test unless 201. */
  publish(body: Schemas["CreatePostRequest"] | Record<string, unknown>): Promise<Schemas["Post"]>;
  /** POST /v1/media with the bytes as the body; fails the test unless 201. */
  upload(bytes: BodyInit, contentType: string): Promise<Schemas["Media"]>;
}

export interface WorkerApiOptions {
  /** The key sent as Bearer; null sends none. Default: the shared workspace's test key (global-setup.ts). */
  key?: string | null;
  /** Default: `BASE`. */
  origin?: string;
  /** Who answers. Default: the Worker entry as wrangler.toml runs it (SELF); a test with a Worker env of its own passes it here. */
  send?: (request: Request) => Promise<Response>;
}

/** A typed client of the Worker for one key (see WorkerApiOptions). */
export function workerApi({ key = inject("apiKey"), origin = BASE, send = (request) => SELF.fetch(request) }: WorkerApiOptions = {}): WorkerApi {
  const call = async <M extends Method, P extends string>(method: M, path: P, body?: unknown, init: WorkerCallInit = {}): Promise<Reply<SuccessBody<M, P>>> => {
    const headers = new Headers(init.headers);
    if (key) headers.set("authorization", `Bearer ${key}`);
    const json = init.raw === undefined && body !== undefined;
    if (json && !headers.has("content-type")) headers.set("content-type", "application/json");
    const sent = init.raw !== undefined ? init.raw : json ? JSON.stringify(body) : undefined;
    const request = new Request(new URL(path, origin), { method, headers, ...(sent !== undefined ? { body: sent } : {}), ...(init.redirect ? { redirect: init.redirect } : {}) });
    return reply(await send(request));
  };
  const created = async <P extends string>(path: P, body?: unknown, init?: WorkerCallInit) => {
    const answer = await call("POST", path, body, init);
    expect(answer.status, `POST ${path}: ${answer.text}`).toBe(201);
    return answer.body;
  };
  return {
    call,
    get: (path, init) => call("GET", path, undefined, init),
    post: (path, body, init) => call("POST", path, body, init),
    put: (path, body, init) => call("PUT", path, body, init),
    patch: (path, body, init) => call("PATCH", path, body, init),
    read: async (path, init) => {
      const answer = await call("GET", path, undefined, init);
      expect(answer.status, `GET ${path}: ${answer.text}`).toBe(200);
      return answer.body;
    },
    connect: (platform, { handle, ...extra } = {}) => {
      // The workerd files share one workspace and database: a handle of its own per call.
      const suffix = crypto.randomUUID().slice(0, 8);
      const name = handle ?? (platform === "bluesky" ? `wd-${suffix}.test` : `wd_${platform}_${suffix}`);
      const password = platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {};
      return created("/v1/social-accounts/connect", { platform, handle: name, ...password, ...extra });
    },
    publish: (body) => created("/v1/posts", body),
    upload: (bytes, contentType) => created("/v1/media", undefined, { raw: bytes, headers: { "content-type": contentType } }),
  };
}

/** The shared workspace's client on SELF. */
export const api = workerApi();
