import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, type TestWorkspace, createTestApp, errorOf } from "../support/test-app.js";
import { mp4, png } from "../unit/media-fixtures.js";

/** Upload sessions: a video of a little over two parts (8 MiB each), sent in pieces. */
const PART = 8 * 1024 * 1024;
const video = mp4(1920, 1080, { timescale: 1000, duration: 9000, mdatBytes: 2 * PART + 4096 });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

interface Session {
  id: string;
  partSize: number;
  parts: { number: number; url: string }[];
  received: { number: number; bytes: number }[];
  state: string;
  media: string | null;
}

const start = async (ws: TestWorkspace, body: Record<string, unknown>) => ws.request("/v1/media/uploads", { method: "POST", json: body });
const slice = (n: number) => video.slice((n - 1) * PART, Math.min(video.byteLength, n * PART));
const put = (ws: TestWorkspace, id: string, n: number, bytes: Uint8Array<ArrayBuffer>) =>
  ws.request(`/v1/media/uploads/${id}/parts/${n}`, { method: "PUT", headers: { "content-type": "application/octet-stream" }, body: bytes });

describe("POST /v1/media/uploads", () => {
  it("uploads in parts out of order, resumes a dropped part, completes into a media record", async () => {
    const ws = await t.workspace();
    const created = await start(ws, { filename: "clip.mp4", contentType: "video/mp4", size: video.byteLength });
    expect(created.status).toBe(201);
    const session = (await created.json()) as Session;
    expect(session.partSize).toBe(PART);
    expect(session.parts.map((part) => part.number)).toEqual([1, 2, 3]);
    expect((await put(ws, session.id, 3, slice(3))).status).toBe(200);
    expect((await put(ws, session.id, 1, slice(1))).status).toBe(200);
    // Part 2 is cut short (a dropped connection): refused and not kept.
    expect(await errorOf(await put(ws, session.id, 2, slice(2).slice(0, 1000)))).toMatchObject({ code: "upload_part_invalid" });
    const resumed = (await (await ws.request(`/v1/media/uploads/${session.id}`)).json()) as Session;
    expect(resumed.received.map((part) => part.number)).toEqual([1, 3]);
    expect(await errorOf(await ws.request(`/v1/media/uploads/${session.id}/complete`, { method: "POST" }))).toMatchObject({ code: "upload_incomplete", param: "parts" });
    expect((await put(ws, session.id, 2, slice(2))).status).toBe(200);
    const done = await ws.request(`/v1/media/uploads/${session.id}/complete`, { method: "POST" });
    expect(done.status).toBe(201);
    const record = (await done.json()) as { id: string };
    expect(record).toMatchObject({ kind: "video", mimeType: "video/mp4", width: 1920, height: 1080, bytes: video.byteLength, durationSeconds: 9 });
    const again = await ws.request(`/v1/media/uploads/${session.id}/complete`, { method: "POST" });
    expect(((await again.json()) as { id: string }).id).toBe(record.id);
    const served = await t.deps.mediaStorage.get(`${ws.id}/${session.id}`);
    expect(served?.size).toBe(video.byteLength);
    const library = (await (await ws.request("/v1/media?type=video")).json()) as { items: { id: string }[] };
    expect(library.items.map((item) => item.id)).toEqual([record.id]);
    const limits = (await (await ws.request("/v1/me/limits")).json()) as { storage: { usedBytes: number } };
    expect(limits.storage.usedBytes).toBe(video.byteLength);
  });

  it("refuses a part past the last, a wrong length, a file over the limit, and a completed file of another format", async () => {
    const ws = await t.workspace();
    const session = (await (await start(ws, { filename: "a.png", contentType: "image/png", size: 1000 })).json()) as Session;
    expect(await errorOf(await put(ws, session.id, 2, new Uint8Array(10)))).toMatchObject({ code: "upload_part_invalid", param: "number" });
    expect(await errorOf(await put(ws, session.id, 1, new Uint8Array(999)))).toMatchObject({ code: "upload_part_invalid" });
    expect(await errorOf(await start(ws, { filename: "big.mp4", contentType: "video/mp4", size: 6 * 1024 ** 3 }))).toMatchObject({ code: "body_too_large", param: "size" });
    const image = png(64, 64);
    const lying = (await (await start(ws, { filename: "x.jpg", contentType: "image/jpeg", size: image.byteLength })).json()) as Session;
    expect((await put(ws, lying.id, 1, image)).status).toBe(200);
    expect(await errorOf(await ws.request(`/v1/media/uploads/${lying.id}/complete`, { method: "POST" }))).toMatchObject({ code: "media_type_mismatch" });
    expect(await errorOf(await ws.request(`/v1/media/uploads/${lying.id}`))).toMatchObject({ code: "upload_unknown" });
    expect((await ws.request(`/v1/media/uploads/${session.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await errorOf(await ws.request(`/v1/media/uploads/${session.id}`))).toMatchObject({ code: "upload_unknown" });
    expect(((await (await ws.request("/v1/media")).json()) as { items: unknown[] }).items).toEqual([]);
  });
});
