import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { media } from "../../src/db/schema/index.js";
import type { DomainContext } from "../../src/domain/core/context.js";
import { authenticateApiKey } from "../../src/domain/keys/authenticate.js";
import { loadMediaForPublish } from "../../src/domain/publishing/media/load-media-for-publish.js";
import { signedMediaUrl } from "../../src/domain/publishing/media/signed-url.js";
import { domainServices } from "../../src/http/domain-services.js";
import { ApiError } from "../../src/infra/errors.js";
import { type TestApp, type TestWorkspace, anonymous, createTestApp, errorOf } from "../support/test-app.js";
import { type WorkspaceFixture, reply, testWorkspace } from "../support/workspace-fixture.js";
import { ROTATE_90, concat, gif, jpeg, mp4, png, trak, webpExtended, webpLossless, webpLossy } from "../unit/media-fixtures.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** POST /v1/media with `body` as is (none for null): the typed answer, refused or not. */
const upload = (ws: WorkspaceFixture, body: BodyInit | null, contentType?: string, headers: Record<string, string> = {}) =>
  ws.post("/v1/media", undefined, { ...(body === null ? {} : { raw: body }), headers: contentType ? { "content-type": contentType, ...headers } : headers });

/** Every file stored for the workspace (the Node storage keeps `<workspace>/<id>` under the app's media dir). */
const filesOf = (ws: TestWorkspace): string[] => {
  const dir = join(t.mediaDir, ws.id);
  return existsSync(dir) ? readdirSync(dir) : [];
};
const rowsOf = (ws: TestWorkspace) => t.db.select().from(media).where(eq(media.workspaceId, ws.id));

/** What a refused upload must leave: no record and no file. */
async function expectNothingStored(ws: TestWorkspace): Promise<void> {
  expect(await rowsOf(ws)).toEqual([]);
  expect(filesOf(ws)).toEqual([]);
}

/** A domain context for the workspace's key, as the auth middleware builds it. */
async function contextOf(ws: TestWorkspace): Promise<DomainContext> {
  const found = await authenticateApiKey(t.db, ws.key);
  if (!found) throw new Error("test key not found");
  return { db: t.db, clock: t.clock, ...found, services: domainServices(t.deps, "http://chorus.test") };
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

describe("POST /v1/media: formats, sizes and durations read from the bytes", () => {
  const cases = [
    ["image/jpeg", jpeg(1080, 1350, { exifBytes: 20_000, sof: 0xc2 }), { kind: "image", width: 1080, height: 1350, durationSeconds: null }],
    ["image/png", png(1200, 628), { kind: "image", width: 1200, height: 628, durationSeconds: null }],
    ["image/gif", gif(480, 270), { kind: "image", width: 480, height: 270, durationSeconds: null }],
    ["image/webp", webpLossy(1024, 768), { kind: "image", width: 1024, height: 768, durationSeconds: null }],
    ["image/webp", webpLossless(64, 32), { kind: "image", width: 64, height: 32, durationSeconds: null }],
    ["image/webp", webpExtended(4000, 3000), { kind: "image", width: 4000, height: 3000, durationSeconds: null }],
    ["video/mp4", mp4(1920, 1080, { timescale: 30_000, duration: 455_455, moovLast: true }), { kind: "video", width: 1920, height: 1080, durationSeconds: 15.182 }],
    [
      "video/quicktime",
      mp4(0, 0, { brand: "qt  ", compatible: ["qt  "], tracks: [trak("soun", 0, 0), trak("vide", 1920, 1080, { matrix: ROTATE_90 })], timescale: 600, duration: 3_600 }),
      { kind: "video", width: 1080, height: 1920, durationSeconds: 6 },
    ],
  ] as const;

  it.each(cases.map(([type, bytes, facts], i) => [`${type} #${i}`, type, bytes, facts] as const))("%s", async (_name, type, bytes, facts) => {
    const ws = await testWorkspace(t);
    const response = await upload(ws, bytes, type);
    expect(response.status).toBe(201);
    const record = response.body;
    expect(record).toEqual({ id: expect.stringMatching(/^med_[A-Za-z0-9]{20}$/), mimeType: type, bytes: bytes.byteLength, ...facts, createdAt: t.clock.now().toISOString(), expiresAt: null });

    const read = await ws.get(`/v1/media/${record.id}`);
    expect(read.status).toBe(200);
    // The library's detail adds who uses the file (nobody yet) and its autoFix variants (none yet).
    expect(read.body).toEqual({ ...record, usedBy: [], variants: [] });
    expect(filesOf(ws)).toContain(record.id);
  });

  it("reads the type loosely (case, parameters, image/jpg) but records the canonical one", async () => {
    const ws = await testWorkspace(t);
    const response = await upload(ws, jpeg(10, 20), "Image/JPG; charset=binary");
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ mimeType: "image/jpeg", width: 10, height: 20 });
  });
});

describe("POST /v1/media: refusals store nothing", () => {
  it("a Content-Type that disagrees with the bytes is media_type_mismatch, naming both", async () => {
    const ws = await testWorkspace(t);
    const response = await upload(ws, png(10, 10), "image/jpeg");
    expect(response.status).toBe(400);
    const error = response.error;
    expect(error).toMatchObject({ type: "invalid_request", code: "media_type_mismatch", param: "Content-Type", retryable: false });
    expect(error.message).toContain("image/jpeg");
    expect(error.message).toContain("image/png");
    expect(error.fix).toContain("Content-Type: image/png");

    const video = await upload(ws, mp4(640, 480, { brand: "qt  ", compatible: ["qt  "] }), "video/mp4");
    expect(video.error).toMatchObject({ code: "media_type_mismatch", message: expect.stringContaining("video/quicktime") });
    await expectNothingStored(ws);
  });

  it("bytes of no format we take are media_type_unsupported; a known format cut short is media_corrupt, both on `body`", async () => {
    const ws = await testWorkspace(t);
    // PostScript: a document format Chorus does not take (PDF, DOCX and PPTX are; linkedin-documents.test.ts).
    const postscript = await upload(ws, new TextEncoder().encode("%!PS-Adobe-3.0\n%%Pages: 1\n"), "image/png");
    expect(postscript.error).toMatchObject({ code: "media_type_unsupported", param: "body" });
    // Recognised from the head, refused by the full parse after storing: the file is removed again.
    const truncated = await upload(ws, png(10, 10).subarray(0, 20), "image/png");
    expect(truncated.error).toMatchObject({ code: "media_corrupt", param: "body", message: expect.stringContaining("IHDR") });
    const noMoov = mp4(640, 480).subarray(0, 40);
    const unfinished = await upload(ws, noMoov, "video/mp4");
    expect(unfinished.error).toMatchObject({ code: "media_corrupt", param: "body" });
    await expectNothingStored(ws);
  });

  it("checks that the bytes hold what the header claims: a 33-byte PNG is not a 1080x1080 image", async () => {
    const ws = await testWorkspace(t);
    const jpegFull = jpeg(1080, 1080);
    const mp4Full = mp4(1920, 1080, { mdatBytes: 4000 });
    const cases: [string, Uint8Array<ArrayBuffer>, RegExp][] = [
      ["image/png", png(1080, 1080).slice(0, 33), /cut short/],
      ["image/png", concat(png(1080, 1080).slice(0, 33), [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]), /IDAT/],
      ["image/jpeg", jpegFull.slice(0, jpegFull.byteLength - 2), /end-of-image/],
      ["image/jpeg", jpegFull.slice(0, 200), /cut short/],
      ["image/webp", webpLossy(1024, 768).slice(0, 40), /RIFF header says/],
      ["image/gif", gif(480, 270).slice(0, 12), /trailer/],
      ["video/mp4", mp4Full.slice(0, mp4Full.byteLength - 100), /past the end/],
    ];
    for (const [type, bytes, says] of cases) {
      const response = await upload(ws, bytes, type);
      expect(response.status, `${type} ${bytes.byteLength}`).toBe(400);
      const error = response.error;
      expect(error, `${type} ${bytes.byteLength}`).toMatchObject({ code: "media_corrupt", param: "body", message: expect.stringMatching(says) });
      expect(error.fix).toBeTruthy();
    }
    await expectNothingStored(ws);
  });

  it("refuses pixel counts no network takes: over 16,384 a side or 36,152,320 in all", async () => {
    const ws = await testWorkspace(t);
    for (const [type, bytes] of [
      ["image/png", png(100_000, 100_000)],
      ["image/png", png(16_385, 10)],
      ["image/jpeg", jpeg(6100, 6000)],
      ["image/webp", webpExtended(16_000, 16_000)],
      ["video/mp4", mp4(20_000, 1080)],
    ] as const) {
      const error = (await upload(ws, bytes, type)).error;
      expect(error, type).toMatchObject({ code: "media_dimensions_too_large", param: "body" });
    }
    await expectNothingStored(ws);
    // The ceiling itself is taken.
    expect((await upload(ws, png(16_384, 2206), "image/png")).status).toBe(201);
  });

  it("a Content-Type that is no media type we take, or none at all, is refused on `Content-Type`", async () => {
    const ws = await testWorkspace(t);
    expect((await upload(ws, png(1, 1), "application/msword")).error).toMatchObject({ code: "media_type_unsupported", param: "Content-Type" });
    expect((await upload(ws, png(1, 1), "application/octet-stream")).error).toMatchObject({ code: "media_type_unsupported", param: "Content-Type" });
    expect((await upload(ws, png(1, 1))).error).toMatchObject({ code: "field_required", param: "Content-Type" });
    await expectNothingStored(ws);
  });

  it("an empty body is a 400 on `body`", async () => {
    const ws = await testWorkspace(t);
    for (const body of [null, new Uint8Array(0)]) {
      const response = await upload(ws, body, "image/png");
      expect(response.status).toBe(400);
      expect(response.error).toMatchObject({ code: "field_required", param: "body" });
    }
    await expectNothingStored(ws);
  });

  it("an image over 20 MB is refused while streaming, with the limit in the message", async () => {
    const ws = await testWorkspace(t);
    const oversize = concat(jpeg(4000, 3000), new Uint8Array(20 * 1024 * 1024));
    const response = await upload(ws, oversize, "image/jpeg");
    expect(response.status).toBe(400);
    const error = response.error;
    expect(error).toMatchObject({ type: "invalid_request", code: "body_too_large", param: "body" });
    expect(error.message).toContain("20 MB (20,971,520 bytes)");
    await expectNothingStored(ws);
    // Nothing half-written is left in the storage's work area either.
    expect(readdirSync(join(t.mediaDir, ".incoming"))).toEqual([]);
  });

  it("a Content-Length over the video limit is refused before the body is read", async () => {
    const ws = await testWorkspace(t);
    let pulled = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled = true;
          controller.enqueue(mp4(10, 10));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const response = await t.app.request("http://chorus.test/v1/media", {
      method: "POST",
      headers: { authorization: `Bearer ${ws.key}`, "content-type": "video/mp4", "content-length": String(600 * 1024 * 1024) },
      body,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(400);
    const error = (await reply(response)).error;
    expect(error).toMatchObject({ code: "body_too_large", param: "body" });
    expect(error.message).toContain("512 MB (536,870,912 bytes)");
    expect(pulled).toBe(false);
    await expectNothingStored(ws);
  });

  it("an Idempotency-Key fingerprints the bytes: the same file replays, another of the same size is refused", async () => {
    const ws = await testWorkspace(t);
    const first = png(300, 200);
    const sameSize = png(200, 300);
    expect(sameSize.byteLength).toBe(first.byteLength);
    const key = { "idempotency-key": "upload-by-bytes" };
    const created = await upload(ws, first, "image/png", key);
    expect(created.status, created.text).toBe(201);
    const record = created.body;

    const again = await upload(ws, first, "image/png", key);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(record);

    const other = await upload(ws, sameSize, "image/png", key);
    expect(other.status).toBe(422);
    expect(other.error).toMatchObject({ code: "idempotency_key_reused", param: "Idempotency-Key" });
    expect((await rowsOf(ws)).map((r) => r.id)).toEqual([record.id]);
    expect(filesOf(ws).sort()).toEqual([record.id, `${record.id}.meta.json`]);

    // A refused upload claims nothing: the corrected file runs under the same key.
    const fresh = { "idempotency-key": "upload-after-refusal" };
    expect((await upload(ws, first.subarray(0, 40), "image/png", fresh)).status).toBe(400);
    const corrected = await upload(ws, sameSize, "image/png", fresh);
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get("idempotent-replayed")).toBeNull();
    expect(corrected.body).toMatchObject({ width: 200, height: 300 });
  });

  it("an Idempotency-Key never leads to a mangled copy of the file", async () => {
    const ws = await testWorkspace(t);
    const bytes = jpeg(33, 44, { exifBytes: 300 });
    bytes.set([0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1], 40); // bytes that are not UTF-8, inside the EXIF segment
    const response = await upload(ws, bytes, "image/jpeg", { "idempotency-key": "upload-1" });
    if (response.status === 201) {
      const record = response.body;
      const [item] = await loadMediaForPublish(await contextOf(ws), [record.id]);
      expect(Buffer.from((await item?.read()) ?? []).equals(Buffer.from(bytes))).toBe(true);
    } else {
      expect(response.error).toMatchObject({ code: "idempotency_key_invalid", param: "Idempotency-Key" });
      await expectNothingStored(ws);
    }
  });
});

describe("signed media URLs for networks that fetch", () => {
  const video = mp4(1280, 720, { mdatBytes: 5000, moovLast: true });

  it("loadMediaForPublish gives the facts, a working public URL and the bytes, in the order asked", async () => {
    const ws = await testWorkspace(t);
    const image = await ws.upload(png(300, 200), "image/png");
    const clip = await ws.upload(video, "video/mp4");
    const items = await loadMediaForPublish(await contextOf(ws), [clip.id, image.id], { alt: [null, "A chart"] });
    expect(items.map(({ id, kind, mimeType, width, height, alt }) => ({ id, kind, mimeType, width, height, alt }))).toEqual([
      { id: clip.id, kind: "video", mimeType: "video/mp4", width: 1280, height: 720, alt: null },
      { id: image.id, kind: "image", mimeType: "image/png", width: 300, height: 200, alt: "A chart" },
    ]);
    const [first] = items;
    if (!first) throw new Error("no item");
    expect(first.url).toMatch(new RegExp(`^http://chorus\\.test/media/${clip.id}\\?exp=\\d+&sig=[0-9a-f]{64}$`));
    expect(Buffer.from(await first.read()).equals(Buffer.from(video))).toBe(true);

    const fetched = await anonymous(t.app)(pathOf(first.url));
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("content-type")).toBe("video/mp4");
    expect(fetched.headers.get("content-length")).toBe(String(video.byteLength));
    expect(fetched.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await fetched.arrayBuffer()).equals(Buffer.from(video))).toBe(true);
  });

  it("reads a file from storage once however many targets ask for its bytes", async () => {
    const ws = await testWorkspace(t);
    const image = await ws.upload(png(300, 200), "image/png");
    const ctx = await contextOf(ws);
    const storage = ctx.services.mediaStorage;
    let reads = 0;
    const counting = { ...storage, get: (...args: Parameters<typeof storage.get>) => ((reads += 1), storage.get(...args)) };
    const [item] = await loadMediaForPublish({ ...ctx, services: { ...ctx.services, mediaStorage: counting } }, [image.id]);
    if (!item) throw new Error("no item");
    const all = await Promise.all(Array.from({ length: 10 }, () => item.read()));
    expect(all.every((bytes) => Buffer.from(bytes).equals(Buffer.from(png(300, 200))))).toBe(true);
    expect(reads).toBe(1);
  });

  it("an unknown id, or another workspace's, is media_unknown naming its position", async () => {
    const a = await testWorkspace(t);
    const b = await testWorkspace(t);
    const mine = await b.upload(gif(2, 2), "image/gif");
    const theirs = await a.upload(gif(2, 2), "image/gif");
    for (const ids of [
      [mine.id, theirs.id],
      [mine.id, "med_doesnotexist"],
    ]) {
      const error = await loadMediaForPublish(await contextOf(b), ids, { param: "mediaOverrides.twitter" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code: "media_unknown", param: "mediaOverrides.twitter[1]", status: 404 });
    }
  });

  it("a single Range is served as 206, HEAD gives the headers only, and a range past the end is 416", async () => {
    const ws = await testWorkspace(t);
    const clip = await ws.upload(video, "video/mp4");
    const url = pathOf(await signedMediaUrl("http://chorus.test", t.deps.signingSecret, clip.id, 600, t.clock.now()));
    const get = (headers: Record<string, string> = {}, method = "GET") => anonymous(t.app)(url, { method, headers });

    const part = await get({ range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${video.byteLength}`);
    expect(part.headers.get("content-length")).toBe("100");
    expect(Buffer.from(await part.arrayBuffer()).equals(Buffer.from(video.subarray(100, 200)))).toBe(true);

    const tail = await get({ range: "bytes=-16" });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(Buffer.from(video.subarray(-16)))).toBe(true);

    const head = await get({}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(video.byteLength));
    expect(head.headers.get("content-type")).toBe("video/mp4");
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    const headRange = await get({ range: "bytes=0-9" }, "HEAD");
    expect([headRange.status, headRange.headers.get("content-length")]).toEqual([206, "10"]);

    const past = await get({ range: `bytes=${video.byteLength}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${video.byteLength}`);
    expect(await errorOf(past)).toMatchObject({ code: "range_not_satisfiable" });
  });

  it("a tampered URL is 403 and an expired one 410, both in the error envelope", async () => {
    const ws = await testWorkspace(t);
    const image = await ws.upload(webpLossy(8, 8), "image/webp");
    const url = new URL(await signedMediaUrl("http://chorus.test", t.deps.signingSecret, image.id, 60, t.clock.now()));
    const fetch = (u: URL) => anonymous(t.app)(u.pathname + u.search);

    const otherId = new URL(url);
    otherId.pathname = "/media/med_aaaaaaaaaaaaaaaaaaaa";
    const laterExpiry = new URL(url);
    laterExpiry.searchParams.set("exp", String(Number(url.searchParams.get("exp")) + 86_400));
    const flipped = new URL(url);
    const sig = url.searchParams.get("sig") ?? "";
    flipped.searchParams.set("sig", `${sig[0] === "0" ? "1" : "0"}${sig.slice(1)}`);
    const unsigned = new URL(url);
    unsigned.search = "";
    for (const bad of [otherId, laterExpiry, flipped, unsigned]) {
      const response = await fetch(bad);
      expect(response.status).toBe(403);
      expect(response.headers.get("content-type")).toMatch(/application\/json/);
      expect(await errorOf(response)).toMatchObject({ type: "forbidden", code: "media_url_invalid" });
    }

    const fresh = await fetch(url);
    expect([fresh.status, (await fresh.arrayBuffer()).byteLength]).toEqual([200, image.bytes]);
    t.clock.advance(61_000);
    const expired = await fetch(url);
    expect(expired.status).toBe(410);
    expect(await errorOf(expired)).toMatchObject({ code: "media_url_expired" });
  });
});

describe("GET and DELETE /v1/media/{id}", () => {
  it("DELETE removes the record and the file; its URLs and GET answer 404 after", async () => {
    const ws = await testWorkspace(t);
    const created = await ws.upload(png(5, 5), "image/png");
    const url = pathOf(await signedMediaUrl("http://chorus.test", t.deps.signingSecret, created.id, 600, t.clock.now()));
    const before = await anonymous(t.app)(url);
    expect([before.status, (await before.arrayBuffer()).byteLength]).toEqual([200, created.bytes]);

    const deleted = await ws.delete(`/v1/media/${created.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: created.id, deleted: true });
    await expectNothingStored(ws);

    expect((await ws.get(`/v1/media/${created.id}`)).error).toMatchObject({ code: "media_unknown", param: "id" });
    expect((await ws.delete(`/v1/media/${created.id}`)).status).toBe(404);
    const gone = await anonymous(t.app)(url);
    expect(gone.status).toBe(404);
    expect(await errorOf(gone)).toMatchObject({ code: "resource_not_found" });
  });

  it("the OpenAPI document describes the raw body and the record", async () => {
    const { body: doc } = await reply<{
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { required: boolean; content: Record<string, { schema: { type: string; format: string } }> };
            responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }>;
          }
        >
      >;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    }>(await anonymous(t.app)("/openapi.json"));
    const post = doc.paths["/v1/media"]?.post;
    expect(post?.requestBody?.required).toBe(true);
    for (const type of ["image/*", "video/*"]) expect(post?.requestBody?.content[type]?.schema).toMatchObject({ type: "string", format: "binary" });
    expect(post?.responses["201"]?.content?.["application/json"]?.schema.$ref).toBe("#/components/schemas/Media");
    expect(Object.keys(doc.components.schemas.Media?.properties ?? {}).sort()).toEqual(["bytes", "createdAt", "durationSeconds", "expiresAt", "height", "id", "kind", "mimeType", "width"]);
    expect(Object.keys(post?.responses ?? {})).toEqual(expect.arrayContaining(["400", "429", "500"]));
    expect(doc.paths["/v1/media/{id}"]?.get?.responses["404"]).toBeDefined();
  });
});
