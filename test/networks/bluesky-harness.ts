import { jsonToLex, lexicons } from "@atproto/api";
import { afterEach, expect } from "vitest";
import { createGuardedFetch } from "../../src/infra/outbound/guarded-fetch.js";
import { blueskyAdapter } from "../../src/networks/bluesky/adapter.js";
import type { NetworkContext } from "../../src/networks/types.js";
import { createBlueskySimulator } from "../../src/sandbox/bluesky/simulator.js";
import type { SandboxAccount, SandboxFault, SimulatorDeps } from "../../src/sandbox/types.js";
import { createSandbox, required, setSandboxFault } from "./harness.js";

export { apiError } from "./harness.js";

/**
 * Drives the Bluesky adapter against the simulator and checks every XRPC exchange against the
 * official lexicons shipped in @atproto/api: the method (query = GET, procedure = POST), that
 * params and JSON input are valid and use only declared properties, that successful outputs are
 * valid, and that errors have the `{ error, message }` shape. Problems are collected in
 * `violations`, which each test expects to be empty.
 */

export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
  status: number;
  response: unknown;
}

/** A host outside Bluesky where tests put images for profile updates. */
export const IMAGE_HOST = "images.example.test";
/** A name that resolves to a private address, as an attacker's DNS would answer. */
export const PRIVATE_NAME_HOST = "intranet-images.example.test";

function declaredKeys(schema: unknown): string[] {
  const props = schema && typeof schema === "object" ? (schema as { properties?: Record<string, unknown> }).properties : undefined;
  return props ? Object.keys(props) : [];
}

/** Query params as the XRPC server reads them: integers and booleans decoded, arrays from repeated keys. */
function typedParams(search: URLSearchParams, schema: unknown): Record<string, unknown> {
  const props = (schema && typeof schema === "object" ? (schema as { properties?: Record<string, { type?: string }> }).properties : undefined) ?? {};
  const decode = (type: string | undefined, value: string): unknown => (type === "integer" ? Number(value) : type === "boolean" ? value === "true" : value);
  const params: Record<string, unknown> = {};
  for (const key of new Set(search.keys())) {
    const prop = props[key] as { type?: string; items?: { type?: string } } | undefined;
    params[key] = prop?.type === "array" ? search.getAll(key).map((v) => decode(prop.items?.type, v)) : decode(prop?.type, search.get(key) ?? "");
  }
  return params;
}

/**
 * Parameters a method takes that its lexicon does not declare, where Bluesky's own documentation
 * sends them: uploadVideo's `did` and `name` (docs.bsky.app "Uploading Video").
 */
const documentedExtraParams: Readonly<Record<string, readonly string[]>> = { "app.bsky.video.uploadVideo": ["did", "name"] };

function checkAgainstLexicon(call: RecordedCall, violations: string[]): void {
  const nsid = call.url.pathname.replace(/^\/xrpc\//, "");
  const def = lexicons.getDef(nsid) as { type: string; parameters?: unknown; input?: { encoding: string; schema?: unknown }; output?: { encoding: string } } | undefined;
  if (!def) return void violations.push(`${nsid}: not in the lexicons`);
  const fail = (what: string) => violations.push(`${nsid}: ${what}`);
  if (call.method !== (def.type === "query" ? "GET" : "POST")) fail(`${call.method} for a ${def.type}`);
  const params = typedParams(call.url.searchParams, def.parameters);
  const allowedParams = declaredKeys(def.parameters);
  const extra = documentedExtraParams[nsid] ?? [];
  for (const key of Object.keys(params)) if (!allowedParams.includes(key) && !extra.includes(key)) fail(`undeclared param ${key}`);
  try {
    lexicons.assertValidXrpcParams(nsid, Object.fromEntries(Object.entries(params).filter(([key]) => !extra.includes(key))));
  } catch (error) {
    fail(`params: ${(error as Error).message}`);
  }
  if (def.input?.encoding === "application/json") {
    if (!call.headers.get("content-type")?.startsWith("application/json")) fail("JSON input without Content-Type application/json");
    const allowed = declaredKeys(def.input.schema);
    for (const key of Object.keys(call.body as object)) if (!allowed.includes(key)) fail(`undeclared input ${key}`);
    try {
      lexicons.assertValidXrpcInput(nsid, call.body);
      const { collection, record } = call.body as { collection?: string; record?: unknown };
      if (nsid === "com.atproto.repo.putRecord" && collection) lexicons.assertValidRecord(collection, jsonToLex(record));
    } catch (error) {
      fail(`input: ${(error as Error).message}`);
    }
  } else if (def.input) {
    if (!call.headers.get("content-type")) fail("raw input without Content-Type");
  } else if (call.body !== null) {
    fail("a body on a method without input");
  }
  if (call.status >= 200 && call.status < 300) {
    if (def.output?.encoding === "application/json") {
      try {
        lexicons.assertValidXrpcOutput(nsid, jsonToLex(call.response));
      } catch (error) {
        fail(`output: ${(error as Error).message}`);
      }
    }
    return;
  }
  const body = call.response as { error?: unknown; message?: unknown } | null;
  if (typeof body?.error !== "string" || typeof body.message !== "string") fail(`error body is not { error, message }: ${JSON.stringify(body)}`);
}

export interface Harness {
  net: NetworkContext;
  deps: SimulatorDeps;
  calls: RecordedCall[];
  violations: string[];
  sleeps: number[];
  images: Map<string, { bytes: Uint8Array<ArrayBuffer>; contentType: string }>;
  /** Paths on IMAGE_HOST that answer 302 to another location. */
  redirects: Map<string, string>;
  /** Every URL the outbound guard let through to the image server. */
  userFetches: string[];
  /** Runs before the request reaches the simulator (to simulate a concurrent edit, for example). */
  beforeCall: ((url: URL) => Promise<void>) | null;
  seed(handle: string, password?: string): Promise<SandboxAccount>;
  setFault(account: SandboxAccount, fault: SandboxFault | null, delayMs?: number): Promise<void>;
  advance(ms: number): void;
}

export function createHarness(start = new Date("2026-09-01T10:00:00.000Z")): Harness {
  const config = { clientId: "", clientSecret: "", redirectUri: "" };
  const { deps, sim, sandboxFetch, slept: sleeps, advance } = createSandbox([createBlueskySimulator], { start, config });
  const simulator = sim();
  const calls: RecordedCall[] = [];
  const violations: string[] = [];
  const images = new Map<string, { bytes: Uint8Array<ArrayBuffer>; contentType: string }>();
  const redirects = new Map<string, string>();
  const userFetches: string[] = [];
  // The user-URL guard over a stand-in internet: IMAGE_HOST is public, PRIVATE_NAME_HOST is not;
  // anything else does not resolve. Whatever the guard lets through is answered (and recorded) here.
  const fetchUserUrl = createGuardedFetch({
    resolve: async (hostname) => {
      if (hostname === IMAGE_HOST) return ["93.184.216.34"];
      if (hostname === PRIVATE_NAME_HOST) return ["10.0.0.7"];
      throw new Error(`ENOTFOUND ${hostname}`);
    },
    fetch: async (input, init) => {
      const url = new URL(new Request(input, init).url);
      userFetches.push(url.toString());
      const target = redirects.get(url.pathname);
      if (url.host === IMAGE_HOST && target) return new Response(null, { status: 302, headers: { location: target } });
      const image = url.host === IMAGE_HOST ? images.get(url.pathname) : undefined;
      return image ? new Response(image.bytes, { headers: { "content-type": image.contentType } }) : new Response("missing", { status: 404 });
    },
  });

  const harness: Harness = {
    deps,
    calls,
    violations,
    sleeps,
    images,
    redirects,
    userFetches,
    beforeCall: null,
    net: {
      now: deps.now,
      config,
      fetchUserUrl,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const url = new URL(request.url);
        if (harness.beforeCall) await harness.beforeCall(url);
        const raw = request.body ? await request.clone().text() : "";
        const isJson = request.headers.get("content-type")?.startsWith("application/json");
        const response = await sandboxFetch(request);
        const text = await response.clone().text();
        let parsed: unknown = text;
        try {
          parsed = text ? (JSON.parse(text) as unknown) : null;
        } catch {
          // binary (getBlob) or plain text
        }
        const call: RecordedCall = {
          method: request.method,
          url,
          headers: request.headers,
          body: raw ? (isJson ? (JSON.parse(raw) as unknown) : raw) : null,
          status: response.status,
          response: parsed,
        };
        calls.push(call);
        if (url.pathname.startsWith("/xrpc/")) checkAgainstLexicon(call, violations);
        return response;
      },
    },
    seed: (handle, password) => simulator.seedAccount({ handle, ...(password !== undefined ? { password } : {}) }),
    async setFault(account, fault, delayMs) {
      await setSandboxFault(deps.store, "bluesky", account.id, fault, delayMs);
    },
    advance,
  };
  return harness;
}

/** The adapter's optional methods Bluesky implements, checked once instead of `!` at every call. */
export const bluesky = {
  login: required(blueskyAdapter, "loginWithPassword"),
  refresh: blueskyAdapter.refresh,
  identity: blueskyAdapter.identity,
  updateProfile: required(blueskyAdapter, "updateProfile"),
  revoke: required(blueskyAdapter, "revoke"),
};

export const HANDLE = "alice.bsky.social";
export const APP_PASSWORD = "abcd-efgh-ijkl-mnop";

/** Seeds the simulated person and connects them as Chorus would. */
export async function connected(h: Harness, handle = HANDLE, password = APP_PASSWORD) {
  const account = await h.seed(handle, password);
  const tokens = await bluesky.login({ identifier: handle, password }, h.net);
  return { account, tokens };
}

export const lastCall = (h: Harness, nsid: string) => [...h.calls].reverse().find((c) => c.url.pathname === `/xrpc/${nsid}`);

/**
 * A fresh harness per test (call the returned function inside the test); after each test, every
 * exchange it made must have passed the official lexicons.
 */
export function harnessPerTest(): () => Harness {
  let current: Harness | null = null;
  afterEach(() => {
    expect(current?.violations ?? []).toEqual([]);
    current = null;
  });
  return () => {
    current = createHarness();
    return current;
  };
}
