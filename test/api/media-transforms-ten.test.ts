import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaVariants } from "../../src/db/schema/index.js";
import type { MediaTransforms } from "../../src/infra/media-transforms/types.js";
import { nodeMediaTransforms } from "../../src/node/media-transforms.js";
import { platformIds } from "../../src/networks/registry.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { noisyPhoto } from "../support/transform-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { mp4 } from "../unit/media-fixtures.js";

/**
 * Issue 29's reuse target through the API: one photo with a GPS position to every network that
 * takes images, with autoFix; the second post with the same photo makes no transform at all.
 * (The time of the first is measured in `npm run bench`, never here.)
 */
let t: TestApp;
const recipesAsked: number[] = [];
beforeAll(async () => {
  const real = await nodeMediaTransforms();
  const images = real.images;
  if (!images) throw new Error(`sharp did not load: ${real.off.images}`);
  const counting: MediaTransforms = {
    ...real,
    images: {
      ...images,
      inspect: (input) => images.inspect(input),
      transform: async (input, recipes) => {
        recipesAsked.push(recipes.length);
        return images.transform(input, recipes);
      },
    },
  };
  t = await createTestApp({ deps: { mediaTransforms: counting } });
});

async function target(ws: WorkspaceFixture, accountId: string): Promise<string> {
  return (await ws.get(`/v1/social-accounts/${accountId}/targets`)).body.items[0]?.id ?? "";
}

describe("autoFix for one photo on every network", () => {
  it("derives each distinct recipe once, strips the location everywhere, and the second post makes 0 transforms", { timeout: 180_000 }, async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    await ws.post("/v1/profiles", { username: "brand" });
    const accounts: Record<string, string> = {};
    for (const platform of platformIds) {
      const body =
        platform === "bluesky" ? { platform, handle: "brand-fix.test", appPassword: "abcd-efgh-ijkl-mnop", profile: "brand" } : { platform, handle: `brandfix-${platform}`, profile: "brand" };
      const response = await ws.post("/v1/social-accounts/connect", body);
      expect(response.status, response.text).toBe(201);
      accounts[platform] = response.body.id;
    }
    const photo = await ws.upload(await noisyPhoto(2400, 1800), "image/jpeg");
    const video = await ws.upload(mp4(1920, 1080, { duration: 20_000 }), "video/mp4");
    const body = {
      profile: "brand",
      text: "Every network, one photo",
      media: [photo.id],
      mediaOverrides: { youtube: [video.id] },
      autoFix: true,
      platformOptions: {
        facebook: { pageId: await target(ws, accounts.facebook ?? "") },
        pinterest: { boardId: await target(ws, accounts.pinterest ?? ""), title: "Photo" },
        googlebusiness: { location: await target(ws, accounts.googlebusiness ?? "") },
        // YouTube takes the video as it is: its header-only fixture is not for FFmpeg.
        youtube: { title: "Clip", privacyStatus: "public", autoFix: false },
        tiktok: { privacyLevel: "PUBLIC_TO_EVERYONE", title: "Photo" },
      },
    };
    const report = (await ws.post("/v1/posts/validate", body)).body;
    expect(
      report.targets.filter((x) => x.errors.length > 0),
      JSON.stringify(report),
    ).toEqual([]);

    const first = await ws.publish(body);
    for (const x of first.targets) expect(["published", "processing"], `${x.platform}: ${JSON.stringify(x.error)}`).toContain(x.state);
    const variants = await t.db.select().from(mediaVariants).where(eq(mediaVariants.mediaId, photo.id));
    // Nine networks take images; equal recipes (8 MB for Instagram and Threads, 5 MB for X and Google Business) are one variant.
    expect(variants.length).toBeLessThan(9);
    expect(recipesAsked).toEqual([variants.length]);
    const { signedMediaUrl } = await import("../../src/domain/publishing/media/signed-url.js");
    for (const variant of variants) {
      const served = await t.app.request(await signedMediaUrl("http://chorus.test", t.deps.signingSecret, variant.id, 600, t.clock.now()));
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.format, meta.exif, meta.width, meta.height], variant.recipe).toEqual(["jpeg", undefined, variant.width, variant.height]);
    }

    const second = await ws.publish({ ...body, text: "Every network, the same photo again" });
    for (const x of second.targets) expect(["published", "processing"], `${x.platform}: ${JSON.stringify(x.error)}`).toContain(x.state);
    expect(recipesAsked).toEqual([variants.length]);
    expect(await t.db.select().from(mediaVariants).where(eq(mediaVariants.mediaId, photo.id))).toHaveLength(variants.length);
  });
});
