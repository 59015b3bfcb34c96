import type { Context, MiddlewareHandler } from "hono";
import { beginIdempotentRequest, completeIdempotentRequest, forgetIdempotentRequest, releaseIdempotentRequest } from "../domain/core/index.js";
import { getPost, recoverCommittedPost, resumeThreads } from "../domain/publishing/index.js";
import { canonicalJson, sha256Hex } from "../infra/crypto.js";
import { ApiError } from "../infra/errors.js";
import type { CipherContext } from "../infra/token-cipher.js";
import type { DomainContext } from "../domain/core/index.js";
import type { AppEnv } from "./context.js";

const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * A raw upload (POST /v1/media: an image or video as the body) is streamed to storage by the
 * endpoint itself. Reading it here would hold up to 512 MB in memory and decode it as text,
 * which mangles binary bytes; its fingerprint is the SHA-256 of its bytes, taken as they stream,
 * so the endpoint claims the key itself once they are in (http/upload-idempotency.ts). A part of
 * an upload session (PUT /v1/media/uploads/{id}/parts/{n}, application/octet-stream) is not read
 * here either: sending a part again replaces it, so it needs no key.
 */
const isRawUpload = (type: string | undefined) => type !== undefined && /^(image\/|video\/|application\/octet-stream\b)/i.test(type.trim());
/** Headers worth replaying; rate-limit headers describe the replaying request instead. */
const REPLAYED_HEADERS = ["content-type", "location"];

/**
 * Stored answers are encrypted with the token cipher: some are bearer secrets for their whole
 * 24 hours (a connect link's URL connects accounts into the workspace), and a database dump or
 * backup must not hand them out. The context binds the ciphertext to its workspace and key.
 */
const storedBody = (workspaceId: string, key: string): CipherContext => ({ table: "idempotency_records", rowId: `${workspaceId}:${key}`, column: "response_body" });
/** Answers stored before encryption (plain JSON) are replayed as they are until they expire, within 24 hours. */
const isEnvelope = (body: string) => body.startsWith("v1.");

async function fingerprint(method: string, path: string, body: string): Promise<string> {
  let canonical = body;
  try {
    canonical = canonicalJson(JSON.parse(body) as unknown);
  } catch {
    // Not JSON (a raw upload): the bytes themselves are the fingerprint.
  }
  return sha256Hex(`${method} ${path}\n${canonical}`);
}

/** An answer as the idempotency store keeps it. */
export interface StoredAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** What ran (or was replayed) under a key; `refusedBeforeExecution` answers are not stored. */
export interface KeyedOutcome extends StoredAnswer {
  replayed: boolean;
}

export interface KeyedRequest {
  key: string;
  method: string;
  path: string;
  /** The request body as sent, fingerprinted canonically. */
  body: string;
}

/**
 * The one implementation of `Idempotency-Key` (RELIABILITY.md, "Idempotency"): the first request
 * with a key runs and its answer is stored; the same key and body within 24 hours gets that answer
 * again and runs nothing. Answers refused before running (validation, limits) and server failures
 * that committed nothing are not stored, so a corrected retry runs. The REST header and the MCP
 * `create_post` argument both come through here, with the same fingerprint for the same request,
 * so a retry through either door replays the first.
 */
export async function runIdempotent(c: Context<AppEnv>, ctx: DomainContext, request: KeyedRequest, run: () => Promise<StoredAnswer & { refusedBeforeExecution: boolean }>): Promise<KeyedOutcome> {
  if (!KEY_SHAPE.test(request.key)) throw new ApiError("idempotency_key_invalid", { param: "Idempotency-Key", beforeExecution: true });
  const { db, workspace, apiKey } = ctx;
  const print = await fingerprint(request.method, request.path, request.body);
  // Scoped to the API key as well (RELIABILITY.md §1): a test key and a live key of one
  // workspace, or two agents, never replay each other's answers.
  const scoped = `${apiKey.id}:${request.key}`;
  const begun = await beginIdempotentRequest(db, {
    workspaceId: workspace.id,
    key: scoped,
    fingerprint: print,
    now: c.get("deps").clock.now(),
    leaseMs: c.get("deps").idempotencyLeaseMs,
  });

  if (begun.kind === "mismatch") {
    throw new ApiError("idempotency_key_reused", { param: "Idempotency-Key", beforeExecution: true });
  }
  const inProgress = () => new ApiError("idempotency_in_progress", { param: "Idempotency-Key", headers: { "Retry-After": "1" }, beforeExecution: true });
  if (begun.kind === "in_progress") throw inProgress();
  if (begun.kind === "recover") {
    // The first request stored its post and died: its answer is rebuilt from that post once
    // every target's fate is known (the stuck-target sweep checks the network), never re-run.
    const recovered = await recoverCommittedPost({ ctx, input: { postId: begun.postId } });
    if (recovered.kind === "gone") await forgetIdempotentRequest(db, { workspaceId: workspace.id, key: scoped });
    if (recovered.kind !== "settled") throw inProgress();
    const body = JSON.stringify(recovered.post);
    const headers = { "content-type": "application/json" };
    await completeIdempotentRequest(db, { workspaceId: workspace.id, key: scoped, status: begun.status, body, headers });
    return { status: begun.status, body, headers, replayed: true };
  }
  if (begun.kind === "replay") {
    const { cipher } = c.get("deps");
    // A post whose thread chain stopped part-way goes on after its last live item (resume-chain.ts);
    // the answer is then the post as it is now, stored for the next retry.
    if (begun.postId && (await resumeThreads({ ctx, input: { postId: begun.postId } }))) {
      const post = await getPost({ ctx, input: { id: begun.postId } });
      const body = JSON.stringify(post);
      await completeIdempotentRequest(db, { workspaceId: workspace.id, key: scoped, status: begun.status, body: await cipher.encrypt(body, storedBody(workspace.id, scoped)), headers: begun.headers });
      return { status: begun.status, body, headers: begun.headers, replayed: true };
    }
    const body = isEnvelope(begun.body) ? await cipher.decrypt(begun.body, storedBody(workspace.id, scoped)) : begun.body;
    return { status: begun.status, body, headers: begun.headers, replayed: true };
  }

  // Lets the domain link the post it stores to this claim, in the same transaction.
  ctx.idempotency = { key: scoped };
  let answer: StoredAnswer & { refusedBeforeExecution: boolean };
  try {
    answer = await run();
  } catch (error) {
    await releaseIdempotentRequest(db, { workspaceId: workspace.id, key: scoped });
    throw error;
  } finally {
    delete ctx.idempotency;
  }
  // A 5xx is forgotten (so a retry runs) only when nothing irreversible happened first; after a
  // post was stored or a network was called, the failure is replayed like any other answer.
  if (answer.refusedBeforeExecution || (answer.status >= 500 && !ctx.effects?.committed)) {
    await releaseIdempotentRequest(db, { workspaceId: workspace.id, key: scoped });
  } else {
    await completeIdempotentRequest(db, {
      workspaceId: workspace.id,
      key: scoped,
      status: answer.status,
      body: await c.get("deps").cipher.encrypt(answer.body, storedBody(workspace.id, scoped)),
      headers: answer.headers,
    });
  }
  return { status: answer.status, body: answer.body, headers: answer.headers, replayed: false };
}

/** Whether the request is a REST write the `idempotency` middleware takes an `Idempotency-Key` on (an authenticated one). */
export function takesIdempotencyKey(c: Context<AppEnv>): boolean {
  return WRITE_METHODS.has(c.req.method) && c.get("ctx") !== undefined;
}

/** `Idempotency-Key` on REST writes, through `runIdempotent`. */
export function idempotency(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key === undefined || !WRITE_METHODS.has(c.req.method)) return next();
    if (!KEY_SHAPE.test(key)) throw new ApiError("idempotency_key_invalid", { param: "Idempotency-Key", beforeExecution: true });
    const type = c.req.header("content-type");
    if (isRawUpload(type)) return next();
    const body = await c.req.text();
    let response: Response | undefined;
    const outcome = await runIdempotent(c, c.get("ctx"), { key, method: c.req.method, path: new URL(c.req.url).pathname, body }, async () => {
      await next();
      response = c.res;
      const headers: Record<string, string> = {};
      for (const name of REPLAYED_HEADERS) {
        const value = response.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      return { status: response.status, body: await response.clone().text(), headers, refusedBeforeExecution: c.get("refusedBeforeExecution") ?? false };
    });
    if (outcome.replayed) c.res = new Response(outcome.body, { status: outcome.status, headers: { ...outcome.headers, "Idempotent-Replayed": "true" } });
  };
}
