import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { mp4, png } from "../unit/media-fixtures.js";

/** Upload sessions: a video of a little over two parts (8 MiB each), sent in pieces. */
const PART = 8 * 1024 * 1024;
const video = mp4(1920, 1080, { timescale: 1000, duration: 9000, mdatBytes: 2 * PART + 4096 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const start = (ws: WorkspaceFixture, body: Record<string, unknown>) => ws.post("/v1/media/uploads", body);
const slice = (n: number) => video.slice((n - 1) * PART, Math.min(video.byteLength, n * PART));
const put = (ws: WorkspaceFixture, id: string, n: number, bytes: Uint8Array<ArrayBuffer>) =>
  ws.put(`/v1/media/uploads/${id}/parts/${n}`, undefined, { headers: { "content-type": "application/octet-stream" }, raw: bytes });
const complete = (ws: WorkspaceFixture, id: string) => ws.post(`/v1/media/uploads/${id}/complete`);

describe("POST /v1/media/uploads", () => {
  it("uploads in parts out of order, resumes a dropped part, completes into a media record", async () => {
    const ws = await testWorkspace(t);
    const created = await start(ws, { filename: "clip.mp4", contentType: "video/mp4", size: video.byteLength });
    expect(created.status).toBe(201);
    const session = created.body;
    expect(session.partSize).toBe(PART);
    expect(session.parts.map((part) => part.number)).toEqual([1, 2, 3]);
    expect((await put(ws, session.id, 3, slice(3))).status).toBe(200);
    expect((await put(ws, session.id, 1, slice(1))).status).toBe(200);
    // Part 2 is cut short (a dropped connection): refused and not kept.
    expect((await put(ws, session.id, 2, slice(2).slice(0, 1000))).error).toMatchObject({ code: "upload_part_invalid" });
    const resumed = (await ws.get(`/v1/media/uploads/${session.id}`)).body;
    expect(resumed.received.map((part) => part.number)).toEqual([1, 3]);
    expect((await complete(ws, session.id)).error).toMatchObject({ code: "upload_incomplete", param: "parts" });
    const second = await put(ws, session.id, 2, slice(2));
    expect(second.status).toBe(200);
    const { etag } = second.body as { etag: string };
    // On Node the parts pass through the API, whose answers carry each part's ETag.
    expect(session.partUpload).toBe("api");
    expect(session.parts.every((part) => part.expiresAt === null)).toBe(true);
    const listed = (etag: string) => ws.post(`/v1/media/uploads/${session.id}/complete`, { parts: [{ partNumber: 2, etag }] });
    expect((await listed("2-999")).error).toMatchObject({ code: "upload_parts_mismatch", param: "parts" });
    expect((await ws.post(`/v1/media/uploads/${session.id}/complete`, { parts: [{ partNumber: 4, etag }] })).error).toMatchObject({ code: "field_invalid", param: "parts[0].partNumber" });
    const done = await listed(etag);
    expect(done.status).toBe(201);
    const record = done.body;
    expect(record).toMatchObject({ kind: "video", mimeType: "video/mp4", width: 1920, height: 1080, bytes: video.byteLength, durationSeconds: 9 });
    expect((await complete(ws, session.id)).body.id).toBe(record.id);
    const served = await t.deps.mediaStorage.get(`${ws.id}/${session.id}`);
    expect(served?.size).toBe(video.byteLength);
    const library = (await ws.get("/v1/media?type=video")).body;
    expect(library.items.map((item) => item.id)).toEqual([record.id]);
    expect((await ws.get("/v1/me/limits")).body.storage.usedBytes).toBe(video.byteLength);
  });

  it("refuses a part past the last, a wrong length, a file over the limit, and a completed file of another format", async () => {
    const ws = await testWorkspace(t);
    const session = (await start(ws, { filename: "a.png", contentType: "image/png", size: 1000 })).body;
    expect((await put(ws, session.id, 2, new Uint8Array(10))).error).toMatchObject({ code: "upload_part_invalid", param: "number" });
    expect((await put(ws, session.id, 1, new Uint8Array(999))).error).toMatchObject({ code: "upload_part_invalid" });
    expect((await start(ws, { filename: "big.mp4", contentType: "video/mp4", size: 6 * 1024 ** 3 })).error).toMatchObject({ code: "body_too_large", param: "size" });
    const image = png(64, 64);
    const lying = (await start(ws, { filename: "x.jpg", contentType: "image/jpeg", size: image.byteLength })).body;
    expect((await put(ws, lying.id, 1, image)).status).toBe(200);
    expect((await complete(ws, lying.id)).error).toMatchObject({ code: "media_type_mismatch" });
    expect((await ws.get(`/v1/media/uploads/${lying.id}`)).error).toMatchObject({ code: "upload_unknown" });
    expect((await ws.delete(`/v1/media/uploads/${session.id}`)).status).toBe(200);
    expect((await ws.get(`/v1/media/uploads/${session.id}`)).error).toMatchObject({ code: "upload_unknown" });
    expect((await ws.get("/v1/media")).body.items).toEqual([]);
  });
});
