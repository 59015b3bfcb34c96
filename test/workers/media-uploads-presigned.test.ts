/**
 * Upload sessions on a Worker with R2 S3 credentials (issue 29): parts go to presigned R2 URLs and
 * Chorus learns which landed by asking R2 (S3 ListParts). Miniflare serves no S3 endpoint, so the
 * client's PUTs and the Worker's ListParts go to a stand-in built from AWS's and R2's documentation
 * (r2-s3-standin.ts), which checks SigV4 on its own (test/support/sigv4-verify.ts, itself checked
 * against AWS's documented signatures) and puts the parts into miniflare's R2 binding, where the
 * Worker's complete joins them. What real R2 does beyond its documentation is not shown here.
 */
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { presignS3Url, r2PartUrl } from "../../src/infra/media-storage/s3-presign.js";
import { mp4 } from "../unit/media-fixtures.js";
import { ACCOUNT, PART, api, clock, presignedApi, putPart, readSession, routeR2ToStandIn, s3, standIn, startSession } from "./presigned-session.js";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/media-uploads-presigned.test] skipped: ${skipReason}`);
const bucket = (env as unknown as { MEDIA: { get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null> } }).MEDIA;
const digest = async (b: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", b));
routeR2ToStandIn();

describe.skipIf(skipReason)("upload sessions with presigned R2 part URLs (workerd)", () => {
  it("answers one presigned PUT URL per part, the signer's for this bucket, object and upload; R2's rules accept it for one hour and for that part only", async () => {
    const before = Date.now();
    const { session, key, uploadId } = await startSession(2 * PART + 10);
    expect(session.partUpload).toBe("presigned");
    expect(session.parts.map((part) => part.number)).toEqual([1, 2, 3]);
    for (const part of session.parts) {
      const url = new URL(part.url);
      expect(`${url.origin}${url.pathname}`).toBe(`https://${ACCOUNT}.r2.cloudflarestorage.com/chorus-media/${key}`);
      expect(url.searchParams.get("partNumber")).toBe(String(part.number));
      const amzDate = url.searchParams.get("X-Amz-Date") ?? "";
      expect(url.searchParams.get("X-Amz-Credential")).toBe(`test-access-key/${amzDate.slice(0, 8)}/auto/s3/aws4_request`);
      const now = new Date(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, "$1-$2-$3T$4:$5:$6Z"));
      const credentials = { accessKeyId: s3.R2_ACCESS_KEY_ID, secretAccessKey: s3.R2_SECRET_ACCESS_KEY, region: "auto" };
      expect(part.url).toBe((await presignS3Url({ method: "PUT", url: r2PartUrl(ACCOUNT, "chorus-media", key, uploadId, part.number), credentials, now, expiresSeconds: 3600 })).toString());
      const expiresAt = Date.parse(part.expiresAt ?? "");
      expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 3600_000);
      expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3600_000);
    }
    // The stand-in verifies the signature by S3's rules, not by Chorus's signer.
    const accepted = await putPart(session, 3, new Uint8Array(10).fill(3));
    expect(accepted.status, accepted.body).toBe(200);
    expect(accepted.etag).toMatch(/^".+"$/);
    const otherPart = (session.parts[0]?.url ?? "").replace("partNumber=1", "partNumber=2");
    expect(await putPart(session, 2, new Uint8Array(10), otherPart)).toMatchObject({ status: 403, body: expect.stringContaining("SignatureDoesNotMatch") });
    clock.aheadMs = 3601_000;
    try {
      expect(await putPart(session, 1, new Uint8Array(PART))).toMatchObject({ status: 403, body: expect.stringContaining("Request has expired") });
    } finally {
      clock.aheadMs = 0;
    }
    // Reading the session again signs fresh URLs, and lists the part R2 took.
    const again = (await readSession(session.id)).body;
    expect(new URL(again.parts[0]?.url ?? "").searchParams.get("uploadId")).toBe(uploadId);
    expect(again.received).toEqual([{ number: 3, bytes: 10 }]);
  });

  it("resumes: GET lists the parts R2 holds (asked by ListParts), and complete without a body joins them with R2's ETags", async () => {
    const video = mp4(1280, 720, { timescale: 1000, duration: 6000, mdatBytes: 2 * PART + 300_000 });
    const { session, key } = await startSession(video.byteLength);
    const slice = (n: number) => video.slice((n - 1) * PART, n * PART);
    const listsBefore = standIn.seen.filter((s) => s.operation === "ListParts").length;
    expect((await putPart(session, 1, slice(1))).status).toBe(200);
    expect((await putPart(session, 3, slice(3))).status).toBe(200);
    // The connection dropped after parts 1 and 3: the session says which landed.
    const dropped = (await readSession(session.id)).body;
    expect(dropped.received).toEqual([
      { number: 1, bytes: PART },
      { number: 3, bytes: video.byteLength - 2 * PART },
    ]);
    expect(standIn.seen.filter((s) => s.operation === "ListParts").length).toBeGreaterThan(listsBefore);
    expect((await putPart(session, 2, slice(2))).status).toBe(200);
    expect((await readSession(session.id)).body.received.map((part) => part.number)).toEqual([1, 2, 3]);

    const done = await api.post(`/v1/media/uploads/${session.id}/complete`, {});
    expect(done.status, done.text).toBe(201);
    expect(done.body).toMatchObject({ kind: "video", bytes: video.byteLength, width: 1280, height: 720 });
    const object = await bucket.get(key);
    if (!object) throw new Error("no object in the bucket");
    expect(await digest(new Uint8Array(await object.arrayBuffer()))).toEqual(await digest(video));
    expect((await readSession(session.id)).body.state).toBe("completed");
  });

  it("refuses a missing part, a stale ETag and malformed lists; another workspace finds nothing; the session stays open until the right parts are in", async () => {
    const video = mp4(1280, 720, { timescale: 1000, duration: 6000, mdatBytes: PART + 300_000 });
    const { session } = await startSession(video.byteLength);
    const stranger = presignedApi({ key: inject("otherApiKey") });
    const complete = (json?: unknown, client = api) => client.post(`/v1/media/uploads/${session.id}/complete`, json);
    // Part 1 first sent with the wrong bytes, then again: its first ETag is stale.
    const stale = await putPart(session, 1, new Uint8Array(PART).fill(9));
    const missing = await complete();
    expect(missing.status).toBe(409);
    expect(missing.error).toMatchObject({ code: "upload_incomplete", param: "parts", message: expect.stringContaining("missing part 2 of 2") });
    const one = await putPart(session, 1, video.slice(0, PART));
    const two = await putPart(session, 2, video.slice(PART));
    expect(one.etag).not.toBe(stale.etag);

    const staleList = await complete({ parts: [{ partNumber: 1, etag: stale.etag }] });
    expect(staleList.status).toBe(400);
    const staleError = staleList.error;
    expect(staleError).toMatchObject({ code: "upload_parts_mismatch", param: "parts" });
    expect(staleError.message).toContain("part 1 is not held under that number and ETag");
    expect(staleError.fix).toContain("PUT it again");
    const past = await complete({ parts: [{ partNumber: 3, etag: two.etag }] });
    expect(past.status).toBe(400);
    expect(past.error).toMatchObject({ code: "field_invalid", param: "parts[0].partNumber" });
    const twice = await complete({
      parts: [
        { partNumber: 1, etag: one.etag },
        { partNumber: 1, etag: one.etag },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.error).toMatchObject({ code: "field_invalid", param: "parts" });
    const noEtag = await complete({ parts: [{ partNumber: 1 }] });
    expect(noEtag.error.param).toBe("parts[0].etag");
    const strangers = await complete({}, stranger);
    expect(strangers.status).toBe(404);
    expect(strangers.error.code).toBe("upload_unknown");
    expect((await stranger.get(`/v1/media/uploads/${session.id}`)).status).toBe(404);

    // The ETags R2 answered (one bare, one quoted as the header has it) join the file.
    const done = await complete({
      parts: [
        { partNumber: 2, etag: two.etag },
        { partNumber: 1, etag: one.etag.replace(/"/g, "") },
      ],
    });
    expect(done.status, done.text).toBe(201);
  });

  it("a part of the wrong size sent straight to R2 is not received, is named on complete, and the session stays open to resend it", async () => {
    const video = mp4(1280, 720, { timescale: 1000, duration: 6000, mdatBytes: PART + 300_000 });
    const { session } = await startSession(video.byteLength);
    // Part 1 cut short: R2 takes the PUT, but it is not the part.
    await putPart(session, 1, video.slice(0, 1000));
    await putPart(session, 2, video.slice(PART));
    expect((await readSession(session.id)).body.received.map((part) => part.number)).toEqual([2]);
    const refused = await api.post(`/v1/media/uploads/${session.id}/complete`, {});
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: "upload_parts_mismatch", message: expect.stringContaining(`part 1 holds 1000 bytes; it must have ${PART}`) });
    await putPart(session, 1, video.slice(0, PART));
    const done = await api.post(`/v1/media/uploads/${session.id}/complete`, {});
    expect(done.status, done.text).toBe(201);
  });

  it("a short last part is refused before joining (R2 would join it), and the session stays open", async () => {
    const { session } = await startSession(2000);
    await putPart(session, 1, new Uint8Array(1500).fill(7));
    const refused = await api.post(`/v1/media/uploads/${session.id}/complete`, {});
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: "upload_parts_mismatch", message: expect.stringContaining("part 1 holds 1500 bytes; it must have 2000") });
    expect((await readSession(session.id)).body.state).toBe("open");
  });
});
