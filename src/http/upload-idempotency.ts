import type { Context } from "hono";
import { beginIdempotentRequest, completeIdempotentRequest, releaseIdempotentRequest } from "../domain/core/index.js";
import { sha256Hex } from "../infra/crypto.js";
import { ApiError } from "../infra/errors.js";
import type { AppEnv } from "./context.js";

/** The stored answer of an earlier upload with the same key and the same bytes. */
export class ReplayedAnswer extends Error {
  constructor(readonly response: Response) {
    super("replayed");
    this.name = "ReplayedAnswer";
  }
}

export interface UploadKeyClaim {
  /**
   * Claims the key for a file whose bytes hash to `digest`, once they are all in: resolves when
   * this request is the one to run; throws `ReplayedAnswer` for the same file sent before,
   * `idempotency_key_reused` for another file, `idempotency_in_progress` while the first runs.
   */
  claim(digest: string): Promise<void>;
  /** After the endpoint: keeps the answer to replay (a 201), or forgets the claim (anything else). */
  finish(response: Response | null): Promise<void>;
}

/**
 * `Idempotency-Key` on POST /v1/media. Other writes are fingerprinted by their JSON body before
 * they run (http/idempotency.ts); a file is fingerprinted by its bytes, a SHA-256 taken while
 * it streams to storage, so the key can only be claimed after that. Same key rules otherwise:
 * scoped to the API key, 24 hours, replayed with `Idempotent-Replayed: true`.
 */
export function uploadKeyClaim(c: Context<AppEnv>, contentType: string): UploadKeyClaim | null {
  const key = c.req.header("idempotency-key");
  if (key === undefined) return null;
  const { db, workspace, apiKey } = c.get("ctx");
  const scoped = `${apiKey.id}:${key}`;
  let claimed = false;
  return {
    async claim(digest) {
      const fingerprint = await sha256Hex(`POST /v1/media\n${contentType} sha256:${digest}`);
      const begun = await beginIdempotentRequest(db, { workspaceId: workspace.id, key: scoped, fingerprint, now: c.get("deps").clock.now() });
      if (begun.kind === "mismatch") throw new ApiError("idempotency_key_reused", { param: "Idempotency-Key", beforeExecution: true });
      if (begun.kind === "in_progress") throw new ApiError("idempotency_in_progress", { param: "Idempotency-Key", headers: { "Retry-After": "1" }, beforeExecution: true });
      if (begun.kind === "replay") {
        throw new ReplayedAnswer(new Response(begun.body, { status: begun.status, headers: { ...begun.headers, "Idempotent-Replayed": "true" } }));
      }
      claimed = true;
    },
    async finish(response) {
      if (!claimed) return;
      if (!response || response.status !== 201) {
        await releaseIdempotentRequest(db, { workspaceId: workspace.id, key: scoped });
        return;
      }
      const type = response.headers.get("content-type");
      await completeIdempotentRequest(db, { workspaceId: workspace.id, key: scoped, status: 201, body: await response.clone().text(), headers: type ? { "content-type": type } : {} });
    },
  };
}
