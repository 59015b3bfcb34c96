import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { type ImagesBinding, cloudflareImages } from "../../src/infra/media-transforms/cloudflare-images.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";
import { jpeg } from "../unit/media-fixtures.js";

/**
 * The Workers image engine (Cloudflare Images binding) refuses HEIC from the file's headers,
 * before the binding is called: the binding here fails the test if anything reaches it, so this
 * needs no stand-in for what Cloudflare would do. What the refusal becomes in the API (code, fix)
 * is the domain's, run here on Node with that engine in place of sharp's: validate and publish read
 * the one rule (transform-ability.ts) and answer alike.
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

  it("validate says what publish says: transform_unavailable with the convert-to-JPEG fix; the binding is never called", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const stored = await ws.post("/v1/media", undefined, { raw: heic, headers: { "content-type": "image/heic" } });
    expect(stored.status, stored.text).toBe(201);
    const account = await ws.connect("instagram");
    const body = { text: "From the phone", accounts: [account.id], media: [(stored.body as { id: string }).id] };

    // autoFix off: the format refusal does not send the caller to autoFix, which this engine would refuse.
    const plain = (await ws.post("/v1/posts/validate", body)).body as { targets: { errors: { code: string; fix: string }[] }[] };
    const format = plain.targets[0]?.errors.find((e) => e.code === "media_type_unsupported");
    expect(format?.fix).toBeTruthy();
    expect(format?.fix).not.toContain("autoFix");

    const checked = (await ws.post("/v1/posts/validate", { ...body, autoFix: true })).body as {
      valid: boolean;
      targets: { errors: { code: string; param: string; message: string; fix: string }[] }[];
    };
    expect(checked.valid).toBe(false);
    const refusal = checked.targets[0]?.errors[0];
    expect(refusal).toMatchObject({ code: "transform_unavailable", param: "autoFix" });
    expect(refusal?.message).toContain("does not read HEIC");
    expect(refusal?.fix).toContain("Convert the photo to JPEG");

    const post = await ws.post("/v1/posts", { ...body, autoFix: true });
    const target = (post.body as { targets: { state: string; error: { code: string; param: string; message: string; fix: string } | null }[] }).targets[0];
    expect(target?.state, post.text).toBe("failed");
    expect(target?.error).toMatchObject({ code: refusal?.code, param: refusal?.param, message: refusal?.message, fix: refusal?.fix });
    expect(calls).toBe(0);
  });

  it("a JPEG on the same engine is planned as usual (the rule refuses only what the engine does not read)", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("instagram");
    const wide = await ws.post("/v1/media", undefined, { raw: jpeg(2000, 500), headers: { "content-type": "image/jpeg" } });
    expect(wide.status, wide.text).toBe(201);
    const body = { text: "Wide", accounts: [account.id], media: [(wide.body as { id: string }).id] };
    const plain = (await ws.post("/v1/posts/validate", body)).body as { targets: { errors: { code: string; fix: string }[] }[] };
    expect(plain.targets[0]?.errors.some((e) => e.fix.includes("autoFix"))).toBe(true);
  });
});
