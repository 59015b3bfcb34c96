import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { media, mediaVariants } from "../../src/db/schema/index.js";
import { signedMediaUrl } from "../../src/domain/publishing/media/signed-url.js";
import { nodeMediaTransforms } from "../../src/node/media-transforms.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/** A phone's portrait HEIC: stored 900x600 with an `irot` quarter turn, EXIF with GPS (test/fixtures/media/README.md). */
const errorOf = (body: unknown) => (body as { error: { code: string; message: string } }).error;
const heic = new Uint8Array(readFileSync(new URL("../fixtures/media/rotated-phone.heic", import.meta.url))) as Uint8Array<ArrayBuffer>;

describe("HEIC uploads and autoFix to JPEG", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deps: { mediaTransforms: await nodeMediaTransforms() } });
  });

  it("an upload is read as HEIC with the portrait size it shows; image/heif is the same type; a JPEG label is refused", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    for (const type of ["image/heic", "image/heif"]) {
      const stored = await ws.post("/v1/media", undefined, { raw: heic, headers: { "content-type": type } });
      expect(stored.status, stored.text).toBe(201);
      expect(stored.body).toMatchObject({ mimeType: "image/heic", kind: "image", width: 600, height: 900, bytes: heic.byteLength });
    }
    const lying = await ws.post("/v1/media", undefined, { raw: heic, headers: { "content-type": "image/jpeg" } });
    expect(lying.status).toBe(400);
    expect(errorOf(lying.body)).toMatchObject({ code: "media_type_mismatch", message: expect.stringContaining("HEIC") });
  });

  it("a HEIC cut short is `media_corrupt` and stores nothing", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const before = (await t.db.select({ id: media.id }).from(media)).length;
    const cut = await ws.post("/v1/media", undefined, { raw: heic.slice(0, heic.byteLength - 200), headers: { "content-type": "image/heic" } });
    expect(cut.status).toBe(400);
    expect(errorOf(cut.body).code).toBe("media_corrupt");
    expect((await t.db.select({ id: media.id }).from(media)).length).toBe(before);
  });

  it("validate names the conversion; autoFix publishes an upright JPEG, cropped to Instagram's 4:5, without the GPS position", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("instagram");
    const photo = (await ws.post("/v1/media", undefined, { raw: heic, headers: { "content-type": "image/heic" } })).body.id as string;
    const refused = (await ws.post("/v1/posts/validate", { text: "Phone photo", accounts: [account.id], media: [photo] })).body;
    const format = refused.targets[0]?.errors.find((e: { code: string }) => e.code === "media_type_unsupported");
    expect(format?.message).toContain("HEIC");
    expect(format?.fix).toContain("convert to JPEG, crop to 4:5");
    const fixed = (await ws.post("/v1/posts/validate", { text: "Phone photo", accounts: [account.id], media: [photo], autoFix: true })).body;
    expect(fixed.targets[0]?.errors).toEqual([]);

    const post = await ws.publish({ text: "Phone photo", accounts: [account.id], media: [photo], autoFix: true });
    expect(post.targets[0]?.error ?? null).toBeNull();
    const [variant] = await t.db.select().from(mediaVariants).where(eq(mediaVariants.mediaId, photo));
    expect(variant).toMatchObject({ mimeType: "image/jpeg", width: 600, height: 750 });
    if (!variant) throw new Error("no variant");
    const url = await signedMediaUrl("http://chorus.test", t.deps.signingSecret, variant.id, 600, t.clock.now());
    const served = Buffer.from(await (await t.app.request(url)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["jpeg", 600, 750, undefined]);
  });
});
