/**
 * Upload sessions on the Worker (issue 29): parts streamed into an R2 multipart upload through
 * the `MEDIA` binding inside workerd, completed into a media record whose bytes read back whole.
 */
import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { mp4 } from "../unit/media-fixtures.js";
import { api } from "./api-call.js";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/media-uploads.test] skipped: ${skipReason}`);

/** The R2 bucket the Worker stores media in, as wrangler.toml binds it. */
const bucket = (env as unknown as { MEDIA: { get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>; list(o: { prefix: string }): Promise<{ objects: { key: string }[] }> } }).MEDIA;
const PART = 8 * 1024 * 1024;

describe.skipIf(skipReason)("upload sessions on the Worker (R2 multipart in workerd)", () => {
  it("takes parts out of order, resumes, completes into a record whose file reads back byte for byte", async () => {
    const video = mp4(1280, 720, { timescale: 1000, duration: 6000, mdatBytes: PART + 300_000 });
    const created = await api.post("/v1/media/uploads", { filename: "clip.mp4", contentType: "video/mp4", size: video.byteLength });
    expect(created.status, created.text).toBe(201);
    const session = created.body;
    expect(session.parts.map((p) => p.number)).toEqual([1, 2]);
    // Without R2 S3 credentials the parts go through the Worker, to its own URLs.
    expect(session.partUpload).toBe("api");
    expect(session.parts.every((p) => p.url.startsWith(`${inject("publicUrl")}/v1/media/uploads/${session.id}/parts/`) && p.expiresAt === null)).toBe(true);
    const part = (n: number) => video.slice((n - 1) * session.partSize, n * session.partSize);
    const put = (n: number, bytes: Uint8Array) => api.put(new URL(session.parts[n - 1]?.url ?? "").pathname, undefined, { raw: bytes, headers: { "content-type": "application/octet-stream" } });

    expect((await put(2, part(2))).status).toBe(200);
    // A part cut short (a dropped connection) is refused and not kept.
    const short = await put(1, part(1).slice(0, 1000));
    expect(short.status).toBe(400);
    expect(short.error.code).toBe("upload_part_invalid");
    const halfway = (await api.get(`/v1/media/uploads/${session.id}`)).body;
    expect(halfway.received.map((p) => p.number)).toEqual([2]);
    expect((await put(1, part(1))).status).toBe(200);

    const completed = await api.post(`/v1/media/uploads/${session.id}/complete`);
    expect(completed.status, completed.text).toBe(201);
    const record = completed.body;
    expect(record).toMatchObject({ kind: "video", bytes: video.byteLength, width: 1280 });

    // The joined object in the bucket is the file, byte for byte.
    const object = await bucket.get(`${inject("workspaceId")}/${session.id}`);
    if (!object) throw new Error("no object in the bucket");
    const bytes = new Uint8Array(await object.arrayBuffer());
    expect(bytes.byteLength).toBe(video.byteLength);
    const digest = async (b: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", b));
    expect(await digest(bytes)).toEqual(await digest(video));
    const detail = await api.get(`/v1/media/${record.id}`);
    expect(detail.status).toBe(200);
  });

  it("a completed file whose bytes are not the announced type is refused and nothing stays in the bucket", async () => {
    const before = (await bucket.list({ prefix: `${inject("workspaceId")}/` })).objects.length;
    const fake = new Uint8Array(1000).fill(0x41);
    const session = (await api.post("/v1/media/uploads", { filename: "fake.mp4", contentType: "video/mp4", size: fake.byteLength })).body;
    const put = await api.put(`/v1/media/uploads/${session.id}/parts/1`, undefined, { raw: fake, headers: { "content-type": "application/octet-stream" } });
    expect(put.status).toBe(200);
    const completed = await api.post(`/v1/media/uploads/${session.id}/complete`);
    expect(completed.status).toBe(400);
    expect(completed.error.code).toMatch(/^media_/);
    expect((await bucket.list({ prefix: `${inject("workspaceId")}/` })).objects.length).toBe(before);
  });
});
