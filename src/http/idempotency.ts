import type { MiddlewareHandler } from "hono";
import { beginIdempotentRequest, completeIdempotentRequest, releaseIdempotentRequest } from "../domain/idempotency/idempotency-store.js";
import { canonicalJson, sha256Hex } from "../infra/crypto.js";
import { ApiError } from "../infra/errors.js";
import type { AppEnv } from "./context.js";

const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/**
 * A raw upload (POST /v1/media: an image or video as the body) is streamed to storage by the
 * endpoint itself. Reading it here would hold up to 512 MB in memory and decode it as text,
 * which mangles binary bytes, so its fingerprint is its type and declared length instead.
 */
const isRawUpload = (type: string | undefined) => type !== undefined && /^(image|video)\//i.test(type.trim());
/** Headers worth replaying; rate-limit headers describe the replaying request instead. */
const REPLAYED_HEADERS = ["content-type", "location"];

async function fingerprint(method: string, path: string, body: string): Promise<string> {
  let canonical = body;
  try {
    canonical = canonicalJson(JSON.parse(body) as unknown);
  } catch {
    // Not JSON (a raw upload): the bytes themselves are the fingerprint.
  }
  return sha256Hex(`${method} ${path}\n${canonical}`);
}

/**
 * `Idempotency-Key` on writes (RELIABILITY.md, "Idempotency"): the first request with a key
 * runs and its answer is stored; the same key and body within 24 hours gets that answer again
 * with `Idempotent-Replayed: true` and runs nothing. Requests refused before running
 * (validation, limits) and server failures are not stored, so a corrected retry runs.
 */
export function idempotency(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key === undefined || !WRITE_METHODS.has(c.req.method)) return next();
    if (!KEY_SHAPE.test(key)) throw new ApiError("idempotency_key_invalid", { param: "Idempotency-Key", beforeExecution: true });

    const { db, workspace, apiKey } = c.var.ctx;
    const type = c.req.header("content-type");
    const body = isRawUpload(type) ? `${type} ${c.req.header("content-length") ?? "chunked"}` : await c.req.text();
    const print = await fingerprint(c.req.method, new URL(c.req.url).pathname, body);
    // Scoped to the API key as well (RELIABILITY.md §1): a test key and a live key of one
    // workspace, or two agents, never replay each other's answers.
    const scoped = `${apiKey.id}:${key}`;
    const begun = await beginIdempotentRequest(db, { workspaceId: workspace.id, key: scoped, fingerprint: print, now: c.var.deps.clock.now() });

    if (begun.kind === "mismatch") {
      throw new ApiError("idempotency_key_reused", { param: "Idempotency-Key", beforeExecution: true });
    }
    if (begun.kind === "in_progress") {
      throw new ApiError("idempotency_in_progress", { param: "Idempotency-Key", headers: { "Retry-After": "1" }, beforeExecution: true });
    }
    if (begun.kind === "replay") {
      c.res = new Response(begun.body, { status: begun.status, headers: { ...begun.headers, "Idempotent-Replayed": "true" } });
      return;
    }

    try {
      await next();
    } catch (error) {
      await releaseIdempotentRequest(db, { workspaceId: workspace.id, key: scoped });
      throw error;
    }
    const response = c.res;
    // A 5xx is forgotten (so a retry runs) only when nothing irreversible happened first; after a
    // post was stored or a network was called, the failure is replayed like any other answer.
    if (c.var.refusedBeforeExecution || (response.status >= 500 && !c.var.ctx.effects?.committed)) {
      await releaseIdempotentRequest(db, { workspaceId: workspace.id, key: scoped });
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = response.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    await completeIdempotentRequest(db, {
      workspaceId: workspace.id,
      key: scoped,
      status: response.status,
      body: await response.clone().text(),
      headers,
    });
  };
}
