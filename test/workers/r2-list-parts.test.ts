/**
 * What R2 refuses when the Worker asks it which parts landed (S3 ListParts), and ListParts paging,
 * against the stand-in of r2-s3-standin.ts (see media-uploads-presigned.test.ts for what it is).
 */
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { createR2MediaStorage } from "../../src/infra/media-storage/r2-storage.js";
import type { WorkerEnv } from "../../src/worker.js";
import { ACCOUNT, api, presignedEnv, readSession, routeR2ToStandIn, s3, standIn, startSession } from "./presigned-session.js";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/r2-list-parts.test] skipped: ${skipReason}`);
routeR2ToStandIn();

describe.skipIf(skipReason)("ListParts refusals reach the API as stable codes (workerd)", () => {
  it("a Worker whose R2 secret is wrong: R2 answers SignatureDoesNotMatch, the API 503 server_misconfigured naming the settings", async () => {
    const { session } = await startSession(2000);
    const wrongSecret = { ...(env as unknown as WorkerEnv), ...s3, R2_SECRET_ACCESS_KEY: "not-the-secret", MEDIA: presignedEnv.MEDIA } as unknown as WorkerEnv;
    const read = await readSession(session.id, wrongSecret);
    expect(read.status).toBe(503);
    const error = read.error;
    expect(error).toMatchObject({ code: "server_misconfigured" });
    expect(error.message).toContain("SignatureDoesNotMatch");
    expect(error.message).toContain("R2_SECRET_ACCESS_KEY");
    expect(standIn.seen.at(-1)).toEqual({ operation: "ListParts", status: 403 });
    // The right secret reads the same session.
    expect((await readSession(session.id)).status).toBe(200);
  });

  it("an upload R2 no longer holds (aborted behind Chorus's back): NoSuchUpload, answered 404 upload_unknown by GET and complete", async () => {
    const { session, key, uploadId } = await startSession(2000);
    await standIn.bucket.resumeMultipartUpload(key, uploadId).abort();
    const read = await readSession(session.id);
    expect(read.status).toBe(404);
    const error = read.error;
    expect(error).toMatchObject({ code: "upload_unknown", param: "id" });
    expect(error.message).toContain("NoSuchUpload");
    const complete = await api.post(`/v1/media/uploads/${session.id}/complete`, {});
    expect(complete.status).toBe(404);
    expect(complete.error.code).toBe("upload_unknown");
  });

  it("lists every part across ListParts pages (R2 answers at most max-parts a call)", async () => {
    const storage = createR2MediaStorage(standIn.bucket as never, {
      s3: { accountId: ACCOUNT, bucket: s3.R2_BUCKET_NAME, accessKeyId: s3.R2_ACCESS_KEY_ID, secretAccessKey: s3.R2_SECRET_ACCESS_KEY },
      fetch: (input, init) => standIn.fetch(new Request(input, init)),
      listPageSize: 2,
    });
    const key = `${inject("workspaceId")}/upl_paging_${Date.now()}`;
    const { uploadId } = await storage.multipart.create(key, { contentType: "video/mp4" });
    const upload = standIn.bucket.resumeMultipartUpload(key, uploadId);
    const etags: string[] = [];
    for (const number of [1, 2, 3, 4, 5]) etags.push((await upload.uploadPart(number, new Uint8Array(100 + number).fill(number))).etag);
    const before = standIn.seen.length;
    const listed = await storage.multipart.presign?.listParts(key, uploadId, new Date());
    expect(listed).toEqual([1, 2, 3, 4, 5].map((number, i) => ({ number, etag: etags[i], bytes: 100 + number })));
    expect(standIn.seen.slice(before)).toEqual([
      { operation: "ListParts", status: 200 },
      { operation: "ListParts", status: 200 },
      { operation: "ListParts", status: 200 },
    ]);
    await storage.multipart.abort(key, uploadId);
  });
});
