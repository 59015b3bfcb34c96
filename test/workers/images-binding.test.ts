/**
 * autoFix's image transforms on the Worker through the Cloudflare Images binding (issue 29).
 * The binding here is miniflare's local stand-in, which runs sharp in Node and applies only
 * `width`/`height` (always as `fit: contain`, padding to the exact box), `rotate` and the output
 * format: it ignores `fit: cover`, `gravity`, `background` and `quality`. So these tests show the
 * wiring honestly (the binding is called, its output's format and size are what is stored and
 * sent, refusals are mapped) but not Cloudflare's crop placement or compression, which only the
 * real service does.
 */
import { SELF, env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { type ImagesBinding, cloudflareImages } from "../../src/infra/media-transforms/cloudflare-images.js";
import { TransformInputError, TransformUnsupportedError } from "../../src/infra/media-transforms/types.js";
import { api } from "./api-call.js";
import { realPng } from "./real-png.js";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/images-binding.test] skipped: ${skipReason}`);

const images = (env as unknown as { IMAGES: ImagesBinding }).IMAGES;
const engine = cloudflareImages(images);
const recipe = { crop: "fill" as const, focal: { x: 0.5, y: 0.5 }, maxBytes: null };
const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isPng = (b: Uint8Array) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;

/** POST /v1/posts/validate; fails the test unless 200 (a report, valid or not). */
async function validate(body: Record<string, unknown>) {
  const answer = await api.post("/v1/posts/validate", body);
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

describe("Cloudflare Images binding engine (workerd, miniflare's local binding)", () => {
  it("inspects a picture: its size from the binding, orientation, metadata and alpha from its headers", async () => {
    expect(await engine.inspect(await realPng(1200, 300))).toEqual({ width: 1200, height: 300, rotated: false, hasMetadata: false, hasAlpha: false });
  });

  it("makes each recipe's file through the binding: JPEG and PNG, at the recipe's size", async () => {
    const source = await realPng(1200, 300);
    const [wide, square] = await engine.transform(source, [
      { ...recipe, format: "jpeg", width: 573, height: 300 },
      { ...recipe, format: "png", width: 300, height: 300, crop: "fit" },
    ]);
    expect(wide && isJpeg(wide.bytes)).toBe(true);
    expect(wide).toMatchObject({ mimeType: "image/jpeg", width: 573, height: 300 });
    expect(square && isPng(square.bytes)).toBe(true);
    expect(square).toMatchObject({ mimeType: "image/png", width: 300, height: 300 });
  });

  it("refuses HEIC as unsupported (with a fix) and bytes that are no picture as a failed transform", async () => {
    const heic = new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode("ftypheic"), 0, 0, 2, 0, ...new TextEncoder().encode("mif1heic")]);
    const refused = await engine.transform(heic, [{ ...recipe, format: "jpeg", width: 100, height: 100 }]).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TransformUnsupportedError);
    expect((refused as TransformUnsupportedError).fix).toContain("JPEG");
    const garbage = await engine.transform(new Uint8Array(64).fill(7), [{ ...recipe, format: "jpeg", width: 100, height: 100 }]).catch((error: unknown) => error);
    expect(garbage).toBeInstanceOf(TransformInputError);
    expect(garbage).not.toBeInstanceOf(TransformUnsupportedError);
  });
});

describe.skipIf(skipReason)("autoFix through the Worker with the IMAGES binding", () => {
  it("a 4:1 panorama posted to Instagram with autoFix is sent as a 955x500 JPEG variant made by the binding", async () => {
    const panorama = (await api.upload(await realPng(2000, 500), "image/png")).id;
    const account = await api.connect("instagram", { handle: `wd_images_${Date.now()}` });
    const body = { text: `workerd autoFix ${Date.now()}`, accounts: [account.id], media: [panorama] };

    // Without autoFix the ratio is refused; with it the post is published with the variant.
    const refused = await validate(body);
    expect(refused.valid).toBe(false);
    const post = await api.publish({ ...body, autoFix: true });
    // Instagram takes the variant into a media container and publishes it once processed.
    expect(post.targets[0], JSON.stringify(post.targets[0])).toMatchObject({ state: expect.stringMatching(/^(processing|published)$/), error: null });

    const detail = await api.read(`/v1/media/${panorama}`);
    expect(detail.variants).toHaveLength(1);
    const [variant] = detail.variants;
    expect(variant).toMatchObject({ width: 955, height: 500 });
    const served = await SELF.fetch(new URL(variant?.url ?? "").toString().replace(/^https?:\/\/[^/]+/, "https://chorus.test"));
    expect(served.status).toBe(200);
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(isJpeg(bytes)).toBe(true);
    expect(bytes.byteLength).toBe(variant?.bytes);
    expect(await images.info(new Blob([bytes]).stream())).toMatchObject({ format: "image/jpeg", width: 955, height: 500 });
  });
});

describe.skipIf(skipReason)("HEIC through the Worker: validate says what publish says", () => {
  const heic = Uint8Array.from(atob(inject("heicFixture")), (c) => c.charCodeAt(0));

  it("miniflare's local binding cannot read the phone's HEIC either (so nothing here could show that Cloudflare's does)", async () => {
    await expect(images.info(new Blob([heic]).stream())).rejects.toThrow();
  });

  it("a phone HEIC posted to Instagram with autoFix: validate and publish both refuse with transform_unavailable and the convert-to-JPEG fix", async () => {
    const photo = (await api.upload(heic, "image/heic")).id;
    const account = await api.connect("instagram", { handle: `wd_heic_${Date.now()}` });
    const body = { text: `workerd HEIC ${Date.now()}`, accounts: [account.id], media: [photo], autoFix: true };

    const report = await validate(body);
    expect(report.valid).toBe(false);
    const refusal = report.targets[0]?.errors[0];
    expect(refusal).toMatchObject({ code: "transform_unavailable", param: "autoFix" });
    expect(refusal?.message).toContain("does not read HEIC");
    expect(refusal?.fix).toContain("Convert the photo to JPEG");
    expect(report.targets[0]?.warnings.some((w) => w.code === "media_transform_applied")).toBe(false);

    // Without autoFix the format refusal does not point at autoFix, which this runtime would refuse.
    const plain = await validate({ ...body, autoFix: false });
    const format = plain.targets[0]?.errors.find((e) => e.code === "media_type_unsupported");
    expect(format?.fix).toBeTruthy();
    expect(format?.fix).not.toContain("autoFix");

    const post = await api.publish(body);
    expect(post.targets[0]?.state).toBe("failed");
    expect(post.targets[0]?.error).toMatchObject({ code: refusal?.code, param: refusal?.param, message: refusal?.message, fix: refusal?.fix });
    const detail = await api.read(`/v1/media/${photo}`);
    expect(detail.variants).toEqual([]);
  });
});
