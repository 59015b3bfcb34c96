import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaVariants } from "../../src/db/schema/index.js";
import type { MediaTransforms } from "../../src/infra/media-transforms/types.js";
import { nodeMediaTransforms } from "../../src/node/media-transforms.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { plainJpeg, rotatedPhoneJpeg, webp } from "../support/transform-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { jpeg as headerOnlyJpeg } from "../unit/media-fixtures.js";

/** sharp as the Node server loads it, with a count of the files it transformed. */
async function countingTransforms(): Promise<{ transforms: MediaTransforms; count: () => number }> {
  const real = await nodeMediaTransforms();
  const images = real.images;
  if (!images) throw new Error(`sharp did not load: ${real.off.images}`);
  let count = 0;
  return {
    count: () => count,
    transforms: {
      ...real,
      images: {
        ...images,
        inspect: (input) => images.inspect(input),
        transform: async (input, recipes) => {
          count += recipes.length;
          return images.transform(input, recipes);
        },
      },
    },
  };
}

async function upload(ws: WorkspaceFixture, bytes: Uint8Array<ArrayBuffer>, type: string): Promise<string> {
  const response = await ws.post("/v1/media", undefined, { raw: bytes, headers: { "content-type": type } });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

const validate = async (ws: WorkspaceFixture, body: Record<string, unknown>) => (await ws.post("/v1/posts/validate", body)).body;

const variantsOf = (t: TestApp, mediaId: string) => t.db.select().from(mediaVariants).where(eq(mediaVariants.mediaId, mediaId));

/** The stored bytes of a variant, read back through its signed URL as a network fetches them. */
async function fetchVariant(t: TestApp, mediaId: string): Promise<Buffer> {
  const [row] = await variantsOf(t, mediaId);
  if (!row) throw new Error(`no variant of ${mediaId}`);
  const { signedMediaUrl } = await import("../../src/domain/publishing/media/signed-url.js");
  const url = await signedMediaUrl("http://chorus.test", t.deps.signingSecret, row.id, 600, t.clock.now());
  const response = await t.app.request(url);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe(row.mimeType);
  return Buffer.from(await response.arrayBuffer());
}

describe("autoFix: images derived for each network with sharp", () => {
  let t: TestApp;
  let counter: Awaited<ReturnType<typeof countingTransforms>>;
  beforeAll(async () => {
    counter = await countingTransforms();
    t = await createTestApp({ deps: { mediaTransforms: counter.transforms } });
  });

  it("validate names the transform and the field in `fix`; with autoFix the 4:1 panorama is cropped to 1.91:1 for Instagram, published, and reused by the next post", {
    timeout: 120_000,
  }, async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("instagram");
    const panorama = await upload(ws, await plainJpeg(2000, 500), "image/jpeg");
    const body = { text: "The whole bay", accounts: [account.id], media: [panorama] };

    const refused = (await ws.post("/v1/posts/validate", body)).body;
    expect(refused.valid).toBe(false);
    const ratio = refused.targets[0]?.errors.find((e) => e.code === "aspect_ratio_unsupported");
    expect(ratio?.fix).toContain("`autoFix: true`");
    expect(ratio?.fix).toContain("`platformOptions.instagram.autoFix`");
    expect(ratio?.fix).toContain("crop to 1.91:1");

    const fixed = (await ws.post("/v1/posts/validate", { ...body, autoFix: true })).body;
    expect(fixed.valid, JSON.stringify(fixed)).toBe(true);
    expect(fixed.targets[0]?.warnings).toContainEqual(expect.objectContaining({ code: "media_transform_applied", message: expect.stringContaining("955x500") }));
    expect(await variantsOf(t, panorama)).toEqual([]);

    const before = counter.count();
    const post = await ws.publish({ ...body, autoFix: true });
    expect(post.targets[0]?.error ?? null).toBeNull();
    expect(counter.count() - before).toBe(1);
    const [variant] = await variantsOf(t, panorama);
    expect(variant).toMatchObject({ mimeType: "image/jpeg", width: 955, height: 500, workspaceId: ws.id });
    const stored = await sharp(await fetchVariant(t, panorama)).metadata();
    expect([stored.width, stored.height, stored.format]).toEqual([955, 500, "jpeg"]);

    // The second post needs the same recipe: it is read from storage, nothing is transformed.
    const again = await ws.publish({ ...body, text: "The bay again", autoFix: { crop: "fill" } });
    expect(again.targets[0]?.error ?? null).toBeNull();
    expect(counter.count() - before).toBe(1);
    expect(await variantsOf(t, panorama)).toHaveLength(1);

    // The media library shows the variant with a signed URL that serves it.
    const detail = await ws.get(`/v1/media/${panorama}`);
    expect(detail.status, detail.text).toBe(200);
    expect(detail.body.variants).toEqual([{ recipe: variant?.recipe, url: expect.stringContaining(`/media/${variant?.id}?`), width: 955, height: 500, bytes: variant?.bytes }]);
  });

  it('`crop: "fit"` pads instead of cropping, and a focal point moves the crop', async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("instagram");
    const panorama = await upload(ws, await plainJpeg(2000, 500), "image/jpeg");
    const padded = await validate(ws, { text: "Pad", accounts: [account.id], media: [panorama], platformOptions: { instagram: { autoFix: { crop: "fit" } } } });
    expect(padded.targets[0]?.warnings).toContainEqual(expect.objectContaining({ code: "media_transform_applied", message: expect.stringContaining("pad to 1.91:1") }));
    await ws.publish({ text: "Right edge", accounts: [account.id], media: [panorama], autoFix: { focalPoint: { x: 1, y: 0.5 } } });
    const right = await sharp(await fetchVariant(t, panorama))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The source's red channel runs 0 → 255 left to right: a crop at the right edge starts past half.
    expect(right.data[0]).toBeGreaterThan(120);
  });

  it("applies EXIF orientation 6 and strips the GPS position", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("threads");
    const photo = await upload(ws, await rotatedPhoneJpeg(600, 400), "image/jpeg");
    const post = await ws.publish({ text: "Portrait", accounts: [account.id], media: [photo], autoFix: true });
    expect(post.targets[0]?.error ?? null).toBeNull();
    const meta = await sharp(await fetchVariant(t, photo)).metadata();
    expect([meta.width, meta.height]).toEqual([400, 600]);
    expect(meta.orientation ?? 1).toBe(1);
    expect(meta.exif).toBeUndefined();
  });

  it("converts WebP to JPEG for Instagram, which takes JPEG only", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("instagram");
    const picture = await upload(ws, await webp(800, 800), "image/webp");
    const refused = await validate(ws, { text: "WebP", accounts: [account.id], media: [picture] });
    expect(refused.targets[0]?.errors.find((e) => e.code === "media_type_unsupported")?.fix).toContain("convert to JPEG");
    const post = await ws.publish({ text: "WebP", accounts: [account.id], media: [picture], platformOptions: { instagram: { autoFix: true } } });
    expect(post.targets[0]?.error ?? null).toBeNull();
    expect((await sharp(await fetchVariant(t, picture)).metadata()).format).toBe("jpeg");
  });

  it("a file sharp cannot decode fails the target with `transform_failed` and stores no variant", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("instagram");
    // Headers of a JPEG with no real scan data: the upload's checks pass it, a decoder does not.
    const broken = await upload(ws, headerOnlyJpeg(2000, 500), "image/jpeg");
    const post = await ws.publish({ text: "Broken", accounts: [account.id], media: [broken], autoFix: true });
    expect(post.targets[0]).toMatchObject({ state: "failed", error: { code: "transform_failed", param: "autoFix" } });
    expect(await variantsOf(t, broken)).toEqual([]);
  });
});

describe("autoFix where no transforms run (Workers, or sharp not loaded)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deps: { mediaTransforms: { images: null, video: null, off: { images: "this server runs on Cloudflare Workers", video: "no FFmpeg" } } } });
  });

  it("refuses the target with `transform_unavailable` and a fix, and sends nothing", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("instagram");
    const panorama = await upload(ws, await plainJpeg(2000, 500), "image/jpeg");
    const report = await validate(ws, { text: "Bay", accounts: [account.id], media: [panorama], autoFix: true });
    expect(report.targets[0]?.errors[0]).toMatchObject({ code: "transform_unavailable", param: "autoFix", message: expect.stringContaining("Cloudflare Workers") });
    expect(report.targets[0]?.errors[0]?.fix).toBeTruthy();
    const post = await ws.publish({ text: "Bay", accounts: [account.id], media: [panorama], autoFix: true });
    expect(post.targets[0]).toMatchObject({ state: "failed", error: { code: "transform_unavailable" } });
  });
});
