import { expect } from "vitest";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import type { ApiErrorBody, Method, Schemas, SuccessBody } from "./api-types.js";
import type { TestApp, TestWorkspace } from "./test-app.js";

/**
 * A test's workspace with typed calls: `ws.get("/v1/posts/" + id)` answers `{ status, body }`
 * with `body` typed from the generated client's types (api-types.ts), so tests read answers
 * without casting them. It is still a TestWorkspace (`request(path, init)` answers the raw
 * Response), so the helpers that take one (isolation.ts, agent-oauth.ts) take it too.
 *
 *   const ws = await testWorkspace(t, { plan: "subscription" });
 *   const account = await ws.connect("bluesky");
 *   const post = await ws.publish({ text: "Hi", accounts: [account.id] });
 *   const other = await ws.otherWorkspace();
 *   expect((await other.get(`/v1/posts/${post.id}`)).status).toBe(404);
 */

export interface Reply<T> {
  status: number;
  /**
   * The parsed JSON (null for an empty body), typed as the documented success answer: a test
   * checks `status` first. An error answer's body is read through `error`.
   */
  body: T;
  /** The error envelope's `error`; reading it on an answer that is not an error fails the test. */
  readonly error: ApiErrorBody;
  /** The raw body, for assertion messages and bodies that are not JSON. */
  text: string;
  headers: Headers;
}

export interface CallInit {
  headers?: Record<string, string>;
  /** A body sent as is (an upload) instead of `body` as JSON. */
  raw?: BodyInit;
  /** "manual" to see a redirect (303, its Location) instead of following it. */
  redirect?: "manual" | "follow";
}

type WorkspaceOptions = NonNullable<Parameters<TestApp["workspace"]>[0]>;

export interface ConnectOptions {
  /** Default: a handle of its own per call (`fixture3.test` on Bluesky, `fixture_tiktok_3` elsewhere). */
  handle?: string;
  /** Any other field of the connect body (`profile`, `variant`, `appPassword`...). */
  [field: string]: unknown;
}

/**
 * The typed calls over any way of reaching the API: a TestApp's workspace (below), or a server
 * reached over HTTP (http-workspace.ts: a served app, a child-process server).
 */
export interface ApiCalls {
  call<M extends Method, P extends string>(method: M, path: P, body?: unknown, init?: CallInit): Promise<Reply<SuccessBody<M, P>>>;
  get<P extends string>(path: P, init?: CallInit): Promise<Reply<SuccessBody<"GET", P>>>;
  post<P extends string>(path: P, body?: unknown, init?: CallInit): Promise<Reply<SuccessBody<"POST", P>>>;
  put<P extends string>(path: P, body?: unknown, init?: CallInit): Promise<Reply<SuccessBody<"PUT", P>>>;
  patch<P extends string>(path: P, body?: unknown, init?: CallInit): Promise<Reply<SuccessBody<"PATCH", P>>>;
  delete<P extends string>(path: P, body?: unknown, init?: CallInit): Promise<Reply<SuccessBody<"DELETE", P>>>;
  /** GET that fails the test unless 200: the typed body, for reads a test only needs the answer of. */
  read<P extends string>(path: P, init?: CallInit): Promise<SuccessBody<"GET", P>>;
  /** Connects a sandbox account (a test key's connect by handle; Bluesky with an app password); fails the test unless 201. */
  connect(platform: PlatformId, options?: ConnectOptions): Promise<Schemas["SocialAccount"]>;
  /** POST /v1/posts; fails the test unless 201. */
  publish(body: Schemas["CreatePostRequest"] | Record<string, unknown>, init?: CallInit): Promise<Schemas["Post"]>;
  /** POST /v1/media with the bytes as the body; fails the test unless 201. */
  upload(bytes: BodyInit, contentType: string): Promise<Schemas["Media"]>;
  /** POST /v1/profiles (a brand); fails the test unless 201. */
  createProfile(body: Schemas["CreateProfileRequest"]): Promise<Schemas["Profile"]>;
  /** POST /v1/sandbox/social-accounts/{id}/activity (a simulated mention, reply, review...); fails the test unless 201. */
  simulate(account: string, body: Schemas["SimulateSandboxActivityRequest"]): Promise<Schemas["SandboxActivity"]>;
  /** POST /v1/webhooks; fails the test unless 201. */
  createWebhook(body: Record<string, unknown>): Promise<SuccessBody<"POST", "/v1/webhooks">>;
}

export interface WorkspaceFixture extends TestWorkspace, ApiCalls {
  /** The app the workspace lives in (clock, database, job runner). */
  t: TestApp;
  /** Runs the due jobs once a round, a minute of the test clock apart, until the post is no longer processing (at most 20 rounds). */
  settle(post: Schemas["Post"]): Promise<Schemas["Post"]>;
  /** Another workspace on the same app and plan, for isolation checks. */
  otherWorkspace(options?: WorkspaceOptions): Promise<WorkspaceFixture>;
}

let handles = 0;

/** A fresh workspace with one key on `t` (see TestApp.workspace), with the typed calls. */
export async function testWorkspace(t: TestApp, options: WorkspaceOptions = {}): Promise<WorkspaceFixture> {
  return workspaceFixture(t, await t.workspace(options), options);
}

/** The typed calls for a workspace or agent made another way (narrowedAgent, approvedAgent). */
export function workspaceFixture(t: TestApp, workspace: TestWorkspace, options: WorkspaceOptions = {}): WorkspaceFixture {
  const calls = apiCalls(workspace.request);
  return {
    ...workspace,
    ...calls,
    t,
    settle: async (post) => {
      const runtime = t.jobRuntime();
      let current = post;
      for (let round = 0; round < 20 && current.state === "processing"; round++) {
        t.clock.advance(60_000);
        await runDueJobs(runtime);
        const read = await calls.get(`/v1/posts/${current.id}`);
        expect(read.status, read.text).toBe(200);
        current = read.body;
      }
      return current;
    },
    otherWorkspace: (other = options) => testWorkspace(t, other),
  };
}

/** A connect's default handle: a new one per call in this module (`fixture3.test` on Bluesky, `fixture_tiktok_3` elsewhere). */
function nextHandle(platform: PlatformId): string {
  handles += 1;
  return platform === "bluesky" ? `fixture${handles}.test` : `fixture_${platform}_${handles}`;
}

/**
 * The typed calls over `request` (a path and init with `json`, answering the raw Response).
 * `handleOf` names a connect's account when the call gives no handle (default: nextHandle).
 */
export function apiCalls(request: TestWorkspace["request"], { handleOf = nextHandle }: { handleOf?: (platform: PlatformId) => string } = {}): ApiCalls {
  const call = async <M extends Method, P extends string>(method: M, path: P, body?: unknown, init: CallInit = {}): Promise<Reply<SuccessBody<M, P>>> => {
    const sent = init.raw !== undefined ? { body: init.raw } : body !== undefined ? { json: body } : {};
    const response = await request(path, { method, ...(init.headers ? { headers: init.headers } : {}), ...(init.redirect ? { redirect: init.redirect } : {}), ...sent });
    return reply(response);
  };
  const created = async <M extends Method, P extends string>(method: M, path: P, body?: unknown, init?: CallInit) => {
    const answer = await call(method, path, body, init);
    expect(answer.status, `${method} ${path}: ${answer.text}`).toBe(201);
    return answer.body;
  };
  return {
    call,
    get: (path, init) => call("GET", path, undefined, init),
    post: (path, body, init) => call("POST", path, body, init),
    put: (path, body, init) => call("PUT", path, body, init),
    patch: (path, body, init) => call("PATCH", path, body, init),
    delete: (path, body, init) => call("DELETE", path, body, init),
    read: async (path, init) => {
      const answer = await call("GET", path, undefined, init);
      expect(answer.status, `GET ${path}: ${answer.text}`).toBe(200);
      return answer.body;
    },
    connect: (platform, { handle, ...extra } = {}) => {
      const name = handle ?? handleOf(platform);
      const password = platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {};
      return created("POST", "/v1/social-accounts/connect", { platform, handle: name, ...password, ...extra });
    },
    publish: (body, init) => created("POST", "/v1/posts", body, init),
    upload: (bytes, contentType) => created("POST", "/v1/media", undefined, { raw: bytes, headers: { "content-type": contentType } }),
    createProfile: (body) => created("POST", "/v1/profiles", body),
    simulate: (account, body) => created("POST", `/v1/sandbox/social-accounts/${account}/activity`, body),
    createWebhook: (body) => created("POST", "/v1/webhooks", body),
  };
}

/** Reads the answer once: the text for messages, the JSON for `body`, the envelope for `error`. */
export async function reply<T>(response: Response): Promise<Reply<T>> {
  const text = await response.text();
  const parsed: unknown = text === "" ? null : parseJson(text);
  return {
    status: response.status,
    // The type is the document's success answer (see api-types.ts); api-conformance.ts has checked the body against it.
    body: parsed as T,
    get error(): ApiErrorBody {
      if (!isErrorEnvelope(parsed)) throw new Error(`expected an error answer, got ${response.status}: ${text}`);
      return parsed.error;
    },
    text,
    headers: response.headers,
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isErrorEnvelope(value: unknown): value is { error: ApiErrorBody } {
  return typeof value === "object" && value !== null && "error" in value && typeof value.error === "object" && value.error !== null;
}
