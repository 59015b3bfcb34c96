import { deflateSync } from "node:zlib";
import { assemblePng } from "../support/png-bytes.js";
import * as v from "valibot";
import { expect } from "vitest";
import { ApiError } from "../../src/infra/errors.js";
import { NetworkCapabilitiesSchema } from "../../src/networks/capabilities-schema.js";
import { classifyFailure, type ErrorRow, type ErrorTable, matchErrorRow, type NetworkFailure, pkceChallenge } from "../../src/networks/http.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import type { PublishMedia, PublishResult } from "../../src/networks/publish-types.js";
import type { NetworkAdapter, NetworkConfig, NetworkContext, TokenSet } from "../../src/networks/types.js";
import { createMemorySandboxStore } from "../../src/sandbox/memory-store.js";
import { createSandboxFetch } from "../../src/sandbox/sandbox-fetch.js";
import type { SandboxAccount, SandboxFault, SandboxStore, Simulator, SimulatorDeps, SimulatorFactory } from "../../src/sandbox/types.js";
import { type CapturedRequest, recordRequests } from "../support/openapi-request-check.js";
import { reply } from "../support/workspace-fixture.js";

/**
 * The bench every network test stands on: simulators behind the sandbox router with a settable
 * clock and recorded sleeps, the adapter's requests recorded as sent, the consent page walked the
 * way a person's browser walks it, faults set on a simulated account, and error tables checked
 * row by row. Network-family helpers (bluesky-harness.ts, facebook-helpers.ts) build on it.
 */

export const SANDBOX_PUBLIC_URL = "http://localhost:8787";

/** The adapter's optional method `name`, checked once instead of `?.` or `!` at every call. */
export function required<A extends NetworkAdapter, K extends keyof A>(adapter: A, name: K): NonNullable<A[K]> {
  const method = adapter[name];
  if (method === undefined || method === null) throw new Error(`the ${adapter.platform} adapter must implement ${String(name)}`);
  return method as NonNullable<A[K]>;
}

export function expectValidCapabilities(capabilities: unknown): void {
  expect(v.safeParse(NetworkCapabilitiesSchema, capabilities).success).toBe(true);
}

export interface Sandbox {
  /** Set `clock.now` to move time; `advance` moves it by milliseconds. */
  clock: { now: Date };
  advance(ms: number): void;
  /** Every delay a `slow` account asked for; tests never really wait. */
  slept: number[];
  deps: SimulatorDeps;
  store: SandboxStore;
  sims: Simulator[];
  /** The router itself, unrecorded: what a person's browser reaches. */
  sandboxFetch: typeof fetch;
  /** Every request sent through `net`, in order. */
  requests: CapturedRequest[];
  net: NetworkContext;
  /** Another context on the same sandbox and recording, with other app credentials. */
  netWith(config: NetworkConfig): NetworkContext;
  /** The simulator serving `platform` (the network under test by default). */
  sim(platform?: PlatformId): Simulator;
  /** The simulated account with this id on `platform` (the network under test by default). */
  account(id: string, platform?: PlatformId): Promise<SandboxAccount>;
  /** Puts `fault` on an account of `platform` (the network under test by default). */
  setFault(account: AccountRef, fault: SandboxFault | null, delayMs?: number, platform?: PlatformId): Promise<SandboxAccount>;
}

/** An account by its simulator id, or by the handle the person signed up with. */
export type AccountRef = string | { handle: string };

export interface SandboxOptions {
  /** The clock's starting time. */
  start: Date | string;
  config: NetworkConfig;
  /** The network under test; the first simulator's by default. */
  platform?: PlatformId;
}

export function createSandbox(factories: readonly SimulatorFactory[], options: SandboxOptions): Sandbox {
  const clock = { now: new Date(options.start) };
  const now = () => clock.now;
  const slept: number[] = [];
  const store = createMemorySandboxStore(now);
  const deps: SimulatorDeps = { store, now, publicUrl: SANDBOX_PUBLIC_URL, sleep: async (ms) => void slept.push(ms) };
  const sims = factories.map((make) => make(deps));
  const sandboxFetch = createSandboxFetch(sims);
  const recorder = recordRequests(sandboxFetch);
  const netWith = (config: NetworkConfig): NetworkContext => ({ fetch: recorder.fetch, now, config });
  const sim = (platform?: PlatformId) => {
    const wanted = platform ?? options.platform;
    const found = wanted === undefined ? sims[0] : sims.find((s) => s.platform === wanted);
    if (!found) throw new Error(`no ${wanted ?? ""} simulator in this sandbox`);
    return found;
  };
  return {
    clock,
    advance: (ms) => {
      clock.now = new Date(clock.now.getTime() + ms);
    },
    slept,
    deps,
    store,
    sims,
    sandboxFetch,
    requests: recorder.requests,
    net: netWith(options.config),
    netWith,
    sim,
    account: async (id, platform) => (await findAccount(store, platform ?? sim().platform, id)).data,
    setFault: (account, fault, delayMs, platform) => setSandboxFault(store, platform ?? sim().platform, account, fault, delayMs),
  };
}

async function findAccount(store: SandboxStore, platform: PlatformId, account: AccountRef) {
  const id = typeof account === "string" ? account : (await store.get<{ accountId: string }>(platform, "handle", account.handle))?.data.accountId;
  const found = id === undefined ? null : await store.get<SandboxAccount>(platform, "account", id);
  if (!found) throw new Error(`no sandbox ${platform} account ${typeof account === "string" ? account : account.handle}`);
  return found;
}

/** Tells a simulated account to misbehave (`slow` waits `delayMs`); returns the account as stored. */
export async function setSandboxFault(store: SandboxStore, platform: PlatformId, account: AccountRef, fault: SandboxFault | null, delayMs?: number): Promise<SandboxAccount> {
  const found = await findAccount(store, platform, account);
  const updated: SandboxAccount = { ...found.data, fault, ...(delayMs !== undefined ? { delayMs } : {}) };
  await store.put(platform, "account", found.id, updated, found.id);
  return updated;
}

/** What most simulators answer for each fault but `slow`, as the adapter's error code. */
export const commonFaultCodes: ReadonlyArray<readonly [SandboxFault, string]> = [
  ["expired_token", "needs_reauth"],
  ["revoked_permission", "missing_scope"],
  ["rate_limited", "rate_limited"],
  ["down", "platform_unavailable"],
];

export interface ConsentOptions {
  handle: string;
  variant?: string | null;
  state?: string;
  /** The PKCE verifier; a fresh one by default. Adapters of networks without PKCE ignore it. */
  verifier?: string;
  /** Replaces the `scope` parameter, as a person narrowing the grant would. */
  scope?: string;
  /** The fetch the person's browser uses; `net.fetch` (recorded) by default. */
  browser?: typeof fetch;
  /** Text the consent page must show. */
  pageText?: string;
}

/** Opens the consent page at `authorizeUrl`, approves as `handle`, and returns the code from the redirect. */
export async function approveConsent(net: NetworkContext, authorizeUrl: string, options: Pick<ConsentOptions, "handle" | "state" | "browser" | "pageText">): Promise<string> {
  const browser = options.browser ?? net.fetch;
  const page = await browser(authorizeUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  if (options.pageText !== undefined) expect(html).toContain(options.pageText);
  const approved = await browser(authorizeUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ handle: options.handle, decision: "approve" }).toString(),
  });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(net.config.redirectUri);
  expect(back.searchParams.get("state")).toBe(options.state ?? "state-123");
  const code = back.searchParams.get("code");
  expect(code).toBeTruthy();
  return code ?? "";
}

/** Builds the adapter's authorize URL, consents as `handle`, and returns the code with its verifier. */
export async function consentCode(adapter: NetworkAdapter, net: NetworkContext, options: ConsentOptions): Promise<{ code: string; verifier: string }> {
  const verifier = options.verifier ?? `sandbox-verifier-${crypto.randomUUID()}-${crypto.randomUUID()}`;
  const state = options.state ?? "state-123";
  let url = required(adapter, "authorizeUrl")({ state, codeChallenge: await pkceChallenge(verifier), variant: options.variant ?? null }, net);
  if (options.scope !== undefined) {
    const narrowed = new URL(url);
    narrowed.searchParams.set("scope", options.scope);
    url = narrowed.toString();
  }
  return { code: await approveConsent(net, url, { ...options, state }), verifier };
}

/** The whole OAuth connect: consent as `handle`, then the code exchange. */
export async function connectThroughConsent(adapter: NetworkAdapter, net: NetworkContext, options: ConsentOptions): Promise<{ tokens: TokenSet; code: string; verifier: string }> {
  const { code, verifier } = await consentCode(adapter, net, options);
  const tokens = await required(adapter, "exchangeCode")({ code, codeVerifier: verifier, variant: options.variant ?? null }, net);
  return { tokens, code, verifier };
}

/** The ApiError `promise` rejects with (anything else fails the test). */
/**
 * A simulated network's answer as its status and JSON body, the body typed as the network documents
 * it (`T`, written beside the test from the network's reference): what a test reads to go on.
 * Nothing checks the body against `T`; a test asserting a shape matches the parsed JSON instead.
 */
export async function wireAnswer<T>(response: Response): Promise<{ status: number; body: T }> {
  const { status, body } = await reply<T>(response);
  return { status, body };
}

export async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const caught = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(caught instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(caught)}`);
  return caught;
}

export interface ErrorSample {
  status: number;
  body: unknown;
  headers?: HeadersInit;
}

export interface ErrorFixture extends ErrorSample {
  /** The error code the fixture must be classified as. */
  code: string;
}

export interface ClassifyOptions {
  now?: Date;
  /** The network's epoch-seconds rate-limit reset header. */
  resetHeader?: string;
}

export const asFailure = (sample: ErrorSample): NetworkFailure => ({ status: sample.status, headers: new Headers(sample.headers), body: sample.body });

/** Classifies `failure` with the table and expects `code`, for this table's network. */
export function expectClassified(table: ErrorTable, failure: NetworkFailure, code: string, options: ClassifyOptions & { because?: string } = {}): ApiError {
  const error = classifyFailure(table, failure, options.now ?? new Date(), options.resetHeader);
  expect(error.code, options.because).toBe(code);
  expect(error.platform).toBe(table.platform);
  return error;
}

/** The sample is matched by this very row (not an earlier, more general one) and classified as `code`. */
export function expectRowSample(table: ErrorTable, row: ErrorRow, failure: NetworkFailure, code: string, options: ClassifyOptions = {}): ApiError {
  expect(matchErrorRow(table, failure).row, row.meaning).toBe(row);
  return expectClassified(table, failure, code, { ...options, because: row.meaning });
}

/** One realistic sample per row, in table order: each lands on its own row and gets the row's code. */
export function expectSamplePerRow(table: ErrorTable, samples: readonly ErrorSample[], options: ClassifyOptions = {}): void {
  expect(samples).toHaveLength(table.rows.length);
  table.rows.forEach((row, i) => {
    const sample = samples[i];
    if (!sample) throw new Error(`no sample for row ${i}`);
    expectRowSample(table, row, asFailure(sample), row.code, options);
  });
}

/** Fixtures in any order, several per row allowed: every row is reached by one, and each gets its code. */
export function expectFixturesCoverTable(table: ErrorTable, fixtures: readonly ErrorFixture[], options: ClassifyOptions = {}): void {
  const covered = new Set(fixtures.map((f) => matchErrorRow(table, asFailure(f)).row));
  for (const row of table.rows) expect(covered.has(row), `no fixture for row: ${row.meaning}`).toBe(true);
  for (const f of fixtures) expectClassified(table, asFailure(f), f.code, { ...options, because: JSON.stringify(f.body) });
}

/** The first bytes of real files, so simulators that sniff uploads (MP4 `ftyp`, JPEG SOI) accept them. */
export const sampleFileHeads = {
  "video/mp4": [0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 0x00, 0x00, 0x00, 0x00, 0x6d, 0x70, 0x34, 0x32, 0x69, 0x73, 0x6f, 0x6d],
  "video/quicktime": [0x00, 0x00, 0x00, 0x14, 0x66, 0x74, 0x79, 0x70, 0x71, 0x74, 0x20, 0x20, 0x00, 0x00, 0x00, 0x00, 0x71, 0x74, 0x20, 0x20],
  "image/jpeg": [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01],
  "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  "image/webp": [0x52, 0x49, 0x46, 0x46, 0x00, 0x00, 0x00, 0x00, 0x57, 0x45, 0x42, 0x50],
} as const;

export interface SampleMediaInput {
  id?: string;
  kind: "image" | "video";
  mimeType?: keyof typeof sampleFileHeads;
  url?: string;
  width?: number | null;
  height?: number | null;
  durationSeconds?: number | null;
  alt?: string | null;
  /** The file's bytes; by default a real header of `mimeType` followed by `size` filler bytes. */
  bytes?: Uint8Array;
  size?: number;
}

/**
 * A PublishMedia as the publishing pipeline hands it to an adapter: facts about the file, a public
 * URL for networks that pull, and the bytes on demand. `readCount` tells how often the adapter read them.
 */
export function sampleMedia(input: SampleMediaInput): PublishMedia & { readCount: number } {
  const mimeType = input.mimeType ?? (input.kind === "video" ? "video/mp4" : "image/jpeg");
  const head = sampleFileHeads[mimeType];
  const bytes = input.bytes ?? Uint8Array.from([...head, ...new Array<number>(input.size ?? 4096).fill(0x2a)]);
  const id = input.id ?? `med_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const media = {
    id,
    kind: input.kind,
    mimeType,
    bytes: bytes.byteLength,
    width: input.width === undefined ? 1080 : input.width,
    height: input.height === undefined ? 1920 : input.height,
    durationSeconds: input.durationSeconds === undefined ? (input.kind === "video" ? 15 : null) : input.durationSeconds,
    alt: input.alt ?? null,
    url: input.url ?? `https://media.chorus.test/${id}?sig=sandbox`,
    readCount: 0,
    async read() {
      media.readCount += 1;
      return bytes;
    },
  };
  return media;
}

/**
 * A real, decodable PNG of `width` x `height` pseudo-random RGB pixels (they do not compress, so
 * the file is about 3 bytes per pixel): for networks that parse uploaded images, such as a PDS.
 */
export function pngFile(width: number, height: number, seed = 1): Uint8Array<ArrayBuffer> {
  const stride = width * 3 + 1;
  const raw = new Uint8Array(stride * height);
  let x = seed >>> 0;
  for (let i = 0; i < raw.length; i += 1) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    raw[i] = i % stride === 0 ? 0 : x >>> 24;
  }
  return assemblePng(width, height, deflateSync(raw));
}

/** A form-encoded body as a plain object, for asserting the fields a request sent. */
export const form = (body: string) => Object.fromEntries(new URLSearchParams(body));

export const expectPublished = (result: PublishResult) => {
  if (result.state !== "published") throw new Error(`expected published, got ${JSON.stringify(result)}`);
  return result;
};

export const expectProcessing = (result: PublishResult) => {
  if (result.state !== "processing") throw new Error(`expected processing, got ${JSON.stringify(result)}`);
  return result;
};

/** A fetch that delivers the request but loses the answer of the calls `lost` matches, as a timeout would. */
export function losing(net: NetworkContext, lost: (url: URL, method: string) => boolean): NetworkContext {
  return {
    ...net,
    fetch: async (input, init) => {
      const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.toString() : input.url);
      const response = await net.fetch(input, init);
      if (lost(url, init?.method ?? "GET")) throw new TypeError("socket hang up");
      return response;
    },
  };
}
