/**
 * Upload sessions on a Worker with R2 S3 credentials (issue 29): parts go to presigned R2 URLs.
 * Miniflare serves no S3 endpoint, so what is tested is what can be, honestly: the session's
 * URLs are exactly the signer's (itself checked against AWS's documented example in
 * s3-presign.test.ts) for this bucket, object and upload; the parts are put through the R2
 * binding in the test (as a client's PUT would land them), and complete joins them with the
 * ETags the binding answered, refusing every wrong list.
 */
import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { presignS3Url, r2PartUrl } from "../../src/infra/media-storage/s3-presign.js";
import worker, { type WorkerEnv } from "../../src/worker.js";
import { mp4 } from "../unit/media-fixtures.js";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/media-uploads-presigned.test] skipped: ${skipReason}`);

const ACCOUNT = "0123456789abcdef0123456789abcdef";
const s3 = { R2_ACCOUNT_ID: ACCOUNT, R2_BUCKET_NAME: "chorus-media", R2_ACCESS_KEY_ID: "test-access-key", R2_SECRET_ACCESS_KEY: "test-secret-key-0123456789" };
/** The test's Worker settings plus R2 S3 credentials: one object, so the entry builds its app once. */
const presignedEnv = { ...(env as unknown as WorkerEnv), ...s3 } as WorkerEnv;

interface UploadedPart {
  partNumber: number;
  etag: string;
}
interface Binding {
  resumeMultipartUpload(key: string, uploadId: string): { uploadPart(n: number, value: Uint8Array): Promise<UploadedPart> };
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
}
const bucket = (env as unknown as { MEDIA: Binding }).MEDIA;
const PART = 8 * 1024 * 1024;

async function call(path: string, init: RequestInit & { json?: unknown; key?: string } = {}): Promise<Response> {
  const { json, key, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("authorization", `Bearer ${key ?? inject("apiKey")}`);
  if (json !== undefined) headers.set("content-type", "application/json");
  const request = new Request(`https://chorus.test${path}`, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
  return worker.fetch(request, presignedEnv, createExecutionContext());
}

interface Session {
  id: string;
  partSize: number;
  partUpload: string;
  parts: { number: number; url: string; expiresAt: string | null }[];
  received: { number: number }[];
}
interface ErrorBody {
  error: { code: string; param?: string; message: string; fix?: string };
}

async function startSession(size: number): Promise<{ session: Session; key: string; uploadId: string }> {
  const created = await call("/v1/media/uploads", { method: "POST", json: { filename: "clip.mp4", contentType: "video/mp4", size } });
  expect(created.status, await created.clone().text()).toBe(201);
  const session = (await created.json()) as Session;
  const uploadId = new URL(session.parts[0]?.url ?? "").searchParams.get("uploadId") ?? "";
  return { session, key: `${inject("workspaceId")}/${session.id}`, uploadId };
}

const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

describe.skipIf(skipReason)("upload sessions with presigned R2 part URLs (workerd)", () => {
  it("answers one presigned PUT URL per part, exactly the signer's for this bucket, object and upload, valid one hour", async () => {
    const before = Date.now();
    const { session, key, uploadId } = await startSession(2 * PART + 10);
    expect(session.partUpload).toBe("presigned");
    expect(uploadId).not.toBe("");
    expect(session.parts.map((part) => part.number)).toEqual([1, 2, 3]);
    for (const part of session.parts) {
      const url = new URL(part.url);
      expect(`${url.origin}${url.pathname}`).toBe(`https://${ACCOUNT}.r2.cloudflarestorage.com/chorus-media/${key}`);
      expect(url.searchParams.get("partNumber")).toBe(String(part.number));
      expect(url.searchParams.get("X-Amz-Expires")).toBe("3600");
      expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("host");
      const amzDate = url.searchParams.get("X-Amz-Date") ?? "";
      expect(url.searchParams.get("X-Amz-Credential")).toBe(`test-access-key/${amzDate.slice(0, 8)}/auto/s3/aws4_request`);
      const now = new Date(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
      const expected = await presignS3Url({
        method: "PUT",
        url: r2PartUrl(ACCOUNT, "chorus-media", key, uploadId, part.number),
        credentials: { accessKeyId: s3.R2_ACCESS_KEY_ID, secretAccessKey: s3.R2_SECRET_ACCESS_KEY, region: "auto" },
        now,
        expiresSeconds: 3600,
      });
      expect(part.url).toBe(expected.toString());
      const expiresAt = Date.parse(part.expiresAt ?? "");
      expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3600_000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);
    }
    // Reading the session again signs fresh URLs (a resumed upload is not stuck with expired ones).
    const again = (await (await call(`/v1/media/uploads/${session.id}`)).json()) as Session;
    expect(again.partUpload).toBe("presigned");
    expect(new URL(again.parts[0]?.url ?? "").searchParams.get("uploadId")).toBe(uploadId);
  });

  it("completes with the ETags the parts' uploads answered; every wrong list is refused and the session stays open", async () => {
    const video = mp4(1280, 720, { timescale: 1000, duration: 6000, mdatBytes: PART + 300_000 });
    const { session, key, uploadId } = await startSession(video.byteLength);
    const complete = (json?: unknown, apiKey?: string) =>
      call(`/v1/media/uploads/${session.id}/complete`, { method: "POST", ...(json !== undefined ? { json } : {}), ...(apiKey ? { key: apiKey } : {}) });
    const upload = bucket.resumeMultipartUpload(key, uploadId);
    const one = await upload.uploadPart(1, video.slice(0, PART));
    const two = await upload.uploadPart(2, video.slice(PART));

    // Without the list Chorus knows no part: the client must send the ETags.
    const none = await complete();
    expect(none.status).toBe(409);
    expect(await errorOf(none)).toMatchObject({ code: "upload_incomplete", param: "parts" });
    // A part left out is named.
    const missing = await complete({ parts: [{ partNumber: 1, etag: one.etag }] });
    expect(missing.status).toBe(409);
    const missingError = await errorOf(missing);
    expect(missingError).toMatchObject({ code: "upload_incomplete", param: "parts" });
    expect(missingError.message).toContain("missing part 2 of 2");
    // Numbers past the last part, below 1, twice, and other fields: field errors naming the field.
    const past = await complete({
      parts: [
        { partNumber: 1, etag: one.etag },
        { partNumber: 3, etag: two.etag },
      ],
    });
    expect(past.status).toBe(400);
    expect(await errorOf(past)).toMatchObject({ code: "field_invalid", param: "parts[1].partNumber" });
    const zero = await complete({ parts: [{ partNumber: 0, etag: one.etag }] });
    expect(zero.status).toBe(400);
    expect((await errorOf(zero)).param).toBe("parts[0].partNumber");
    const twice = await complete({
      parts: [
        { partNumber: 1, etag: one.etag },
        { partNumber: 1, etag: one.etag },
      ],
    });
    expect(twice.status).toBe(400);
    expect(await errorOf(twice)).toMatchObject({ code: "field_invalid", param: "parts" });
    const noEtag = await complete({ parts: [{ partNumber: 1 }, { partNumber: 2, etag: two.etag }] });
    expect(noEtag.status).toBe(400);
    expect((await errorOf(noEtag)).param).toBe("parts[0].etag");
    // An ETag storage does not hold: R2 refuses the join, Chorus says which fix applies.
    const wrong = await complete({
      parts: [
        { partNumber: 1, etag: one.etag },
        { partNumber: 2, etag: "0123456789abcdef0123456789abcdef" },
      ],
    });
    expect(wrong.status).toBe(400);
    const wrongError = await errorOf(wrong);
    expect(wrongError).toMatchObject({ code: "upload_parts_mismatch", param: "parts" });
    expect(wrongError.message).toContain("not held under that number and ETag");
    expect(wrongError.fix).toContain("PUT it again");
    // Another workspace's key finds no such session, whatever it sends.
    const stranger = await complete(
      {
        parts: [
          { partNumber: 1, etag: one.etag },
          { partNumber: 2, etag: two.etag },
        ],
      },
      inject("otherApiKey"),
    );
    expect(stranger.status).toBe(404);
    expect((await errorOf(stranger)).code).toBe("upload_unknown");
    const strangerRead = await call(`/v1/media/uploads/${session.id}`, { key: inject("otherApiKey") });
    expect(strangerRead.status).toBe(404);

    // The session is still open: the right ETags (one quoted, as an S3 ETag header is) join it.
    const done = await complete({
      parts: [
        { partNumber: 2, etag: two.etag },
        { partNumber: 1, etag: `"${one.etag}"` },
      ],
    });
    expect(done.status, await done.clone().text()).toBe(201);
    expect(await done.json()).toMatchObject({ kind: "video", bytes: video.byteLength, width: 1280, height: 720 });
    const object = await bucket.get(key);
    if (!object) throw new Error("no object in the bucket");
    const digest = async (b: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", b));
    expect(await digest(new Uint8Array(await object.arrayBuffer()))).toEqual(await digest(video));
    const owner = (await (await call(`/v1/media/uploads/${session.id}`)).json()) as { state: string };
    expect(owner.state).toBe("completed");
  });

  it("a part of the wrong size sent straight to R2 is refused on complete (R2's own check), and the session stays open", async () => {
    const video = mp4(1280, 720, { timescale: 1000, duration: 6000, mdatBytes: PART + 300_000 });
    const { session, key, uploadId } = await startSession(video.byteLength);
    const upload = bucket.resumeMultipartUpload(key, uploadId);
    // Part 1 cut short: R2 takes the PUT but will not join a first part under 5 MiB.
    const short = await upload.uploadPart(1, video.slice(0, 1000));
    const two = await upload.uploadPart(2, video.slice(PART));
    const refused = await call(`/v1/media/uploads/${session.id}/complete`, {
      method: "POST",
      json: {
        parts: [
          { partNumber: 1, etag: short.etag },
          { partNumber: 2, etag: two.etag },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({ code: "upload_parts_mismatch", param: "parts" });
    const resent = await upload.uploadPart(1, video.slice(0, PART));
    const done = await call(`/v1/media/uploads/${session.id}/complete`, {
      method: "POST",
      json: {
        parts: [
          { partNumber: 1, etag: resent.etag },
          { partNumber: 2, etag: two.etag },
        ],
      },
    });
    expect(done.status, await done.clone().text()).toBe(201);
  });

  it("a joined file of another size than announced (a short last part, which R2 accepts) is refused and removed with its session", async () => {
    const { session, key, uploadId } = await startSession(2000);
    const short = await bucket.resumeMultipartUpload(key, uploadId).uploadPart(1, new Uint8Array(1500).fill(7));
    const refused = await call(`/v1/media/uploads/${session.id}/complete`, { method: "POST", json: { parts: [{ partNumber: 1, etag: short.etag }] } });
    expect(refused.status).toBe(400);
    const error = await errorOf(refused);
    expect(error).toMatchObject({ code: "upload_parts_mismatch", param: "parts" });
    expect(error.message).toContain("the joined file has 1500 bytes, the session announced 2000");
    expect(await bucket.get(key)).toBeNull();
    expect((await call(`/v1/media/uploads/${session.id}`)).status).toBe(404);
  });
});
