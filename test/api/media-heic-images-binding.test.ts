import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { type ImagesBinding, cloudflareImages } from "../../src/infra/media-transforms/cloudflare-images.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * The Workers image engine (Cloudflare Images binding) refuses HEIC from the file's headers,
 * before the binding is called: the binding here fails the test if anything reaches it, so this
 * needs no stand-in for what Cloudflare would do. What the refusal becomes in the API (code, fix)
 * is the domain's, run here on Node with that engine in place of sharp's.
 */
const heic = new Uint8Array(readFileSync(new URL("../fixtures/media/rotated-phone.heic", import.meta.url))) as Uint8Array<ArrayBuffer>;
let calls = 0;
const untouchable: ImagesBinding = {
  info: async () => {
    calls += 1;
    throw new Error("the binding was called");
  },
  input: () => {
    calls += 1;
    throw new Error("the binding was called");
  },
};

describe("HEIC with autoFix on the Images binding engine", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ deps: { mediaTransforms: { images: cloudflareImages(untouchable), video: null, off: { video: "no video here" } } } });
  });

  it("is refused at publish with transform_unavailable, whose fix says to convert to JPEG or run on Node; the binding is never called", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const stored = await ws.post("/v1/media", undefined, { raw: heic, headers: { "content-type": "image/heic" } });
    expect(stored.status, stored.text).toBe(201);
    const account = await ws.connect("instagram");
    const post = await ws.post("/v1/posts", { text: "From the phone", accounts: [account.id], media: [(stored.body as { id: string }).id], autoFix: true });
    const target = (post.body as { targets: { state: string; error: { code: string; message: string; fix: string } | null }[] }).targets[0];
    expect(target?.state, post.text).toBe("failed");
    expect(target?.error).toMatchObject({ code: "transform_unavailable", param: "autoFix" });
    expect(target?.error?.message).toContain("does not read HEIC");
    expect(target?.error?.fix).toContain("Convert the photo to JPEG");
    expect(calls).toBe(0);
  });
});
