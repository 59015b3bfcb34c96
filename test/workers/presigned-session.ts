/**
 * Shared by the workerd tests of upload sessions with presigned R2 part URLs: a Worker env with
 * R2 S3 credentials whose MEDIA binding and S3 endpoint are the stand-in's (r2-s3-standin.ts),
 * the Worker's outbound fetch to R2's host routed to the stand-in, and the client's side of a
 * session (start it, PUT a part to its presigned URL).
 */
import { createExecutionContext, env } from "cloudflare:test";
import { afterAll, beforeAll, expect, inject } from "vitest";
import worker, { type WorkerEnv } from "../../src/worker.js";
import type { Schemas } from "../support/api-types.js";
import type { Reply } from "../support/workspace-fixture.js";
import { type WorkerApi, workerApi } from "./api-call.js";
import { type StandInBucket, r2S3StandIn } from "./r2-s3-standin.js";

export const ACCOUNT = "0123456789abcdef0123456789abcdef";
export const s3 = { R2_ACCOUNT_ID: ACCOUNT, R2_BUCKET_NAME: "chorus-media", R2_ACCESS_KEY_ID: "test-access-key", R2_SECRET_ACCESS_KEY: "test-secret-key-0123456789" };
export const PART = 8 * 1024 * 1024;

/** Milliseconds the stand-in's clock runs ahead of the real one (to let presigned URLs expire). */
export const clock = { aheadMs: 0 };
export const standIn = r2S3StandIn({
  accountId: ACCOUNT,
  bucketName: s3.R2_BUCKET_NAME,
  accessKeyId: s3.R2_ACCESS_KEY_ID,
  secretAccessKey: s3.R2_SECRET_ACCESS_KEY,
  binding: (env as unknown as { MEDIA: StandInBucket }).MEDIA,
  now: () => new Date(Date.now() + clock.aheadMs),
});
/** The test's Worker settings plus R2 S3 credentials: one object, so the entry builds its app once. */
export const presignedEnv = { ...(env as unknown as WorkerEnv), ...s3, MEDIA: standIn.bucket } as unknown as WorkerEnv;

/** Routes requests for R2's S3 host (the Worker's ListParts) to the stand-in while the file runs. */
export function routeR2ToStandIn(): void {
  const original = globalThis.fetch;
  beforeAll(() => {
    globalThis.fetch = (input, init) => {
      const request = new Request(input, init);
      return new URL(request.url).host === standIn.host ? standIn.fetch(request) : original(input, init);
    };
  });
  afterAll(() => {
    globalThis.fetch = original;
  });
}

/**
 * The typed client (api-call.ts) on the Worker with R2 S3 credentials, or on `workerEnv` (another
 * configuration of it), with the shared workspace's key unless `key` names another.
 */
export function presignedApi(options: { key?: string; workerEnv?: WorkerEnv } = {}): WorkerApi {
  return workerApi({ ...(options.key ? { key: options.key } : {}), send: (request) => worker.fetch(request, options.workerEnv ?? presignedEnv, createExecutionContext()) });
}
export const api = presignedApi();

export type Session = Schemas["UploadSession"];

export async function startSession(size: number, contentType = "video/mp4"): Promise<{ session: Session; key: string; uploadId: string }> {
  const created = await api.post("/v1/media/uploads", { filename: "clip.mp4", contentType, size });
  expect(created.status, created.text).toBe(201);
  const session = created.body;
  const uploadId = new URL(session.parts[0]?.url ?? "").searchParams.get("uploadId") ?? "";
  return { session, key: `${inject("workspaceId")}/${session.id}`, uploadId };
}

/** The client's PUT of one part to its presigned URL: R2's answer, and the ETag header on success. */
export async function putPart(session: Session, number: number, bytes: Uint8Array, url = session.parts[number - 1]?.url ?? ""): Promise<{ status: number; etag: string; body: string }> {
  const response = await standIn.fetch(new Request(url, { method: "PUT", body: bytes }));
  return { status: response.status, etag: response.headers.get("etag") ?? "", body: await response.text() };
}

/** GET /v1/media/uploads/{id} on the presigned Worker (or on `workerEnv`). */
export function readSession(id: string, workerEnv?: WorkerEnv): Promise<Reply<Session>> {
  return presignedApi(workerEnv ? { workerEnv } : {}).get(`/v1/media/uploads/${id}`);
}
