import { beforeAll, describe, expect, it } from "vitest";
import { platformIds } from "../../src/networks/registry.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { jpeg, mp4 } from "../unit/media-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

async function upload(ws: WorkspaceFixture, bytes: Uint8Array<ArrayBuffer>, type: string): Promise<string> {
  const response = await ws.post("/v1/media", undefined, { raw: bytes, headers: { "content-type": type } });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function firstTarget(ws: WorkspaceFixture, accountId: string): Promise<string> {
  const targets = (await ws.get(`/v1/social-accounts/${accountId}/targets`)).body;
  const id = targets.items[0]?.id;
  expect(id, `no target for ${accountId}`).toBeTruthy();
  return id ?? "";
}

/**
 * The issue's end-to-end case: one post reaches all ten networks at once, through the public
 * API and the sandbox, with per-network overrides where the networks' media rules differ.
 */
describe("one post to all ten networks", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("publishes everywhere in one request, with a 9:16 photo for TikTok and a video for YouTube", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    await ws.post("/v1/profiles", { username: "brand" });
    const accounts: Record<string, string> = {};
    for (const platform of platformIds) {
      const body = platform === "bluesky" ? { platform, handle: "brand-all.test", appPassword: "abcd-efgh-ijkl-mnop", profile: "brand" } : { platform, handle: `brand-${platform}`, profile: "brand" };
      const response = await ws.post("/v1/social-accounts/connect", body);
      expect(response.status, response.text).toBe(201);
      accounts[platform] = response.body.id;
    }
    const square = await upload(ws, jpeg(1080, 1080), "image/jpeg");
    const portrait = await upload(ws, jpeg(1080, 1920), "image/jpeg");
    const video = await upload(ws, mp4(1920, 1080, { duration: 20_000 }), "video/mp4");

    const body = {
      profile: "brand",
      text: "Launch day: one post, ten networks #chorus",
      media: [square],
      mediaAlt: ["The Chorus logo"],
      mediaOverrides: { tiktok: [portrait], youtube: [video] },
      textOverrides: { twitter: "Launch day on X #chorus" },
      platformOptions: {
        facebook: { pageId: await firstTarget(ws, accounts.facebook ?? "") },
        pinterest: { boardId: await firstTarget(ws, accounts.pinterest ?? ""), title: "Launch day" },
        googlebusiness: { location: await firstTarget(ws, accounts.googlebusiness ?? "") },
        youtube: { title: "Launch day", privacyStatus: "public" },
        tiktok: { privacyLevel: "PUBLIC_TO_EVERYONE", title: "Launch day" },
      },
    };
    const check = await ws.post("/v1/posts/validate", body);
    const report = check.body;
    expect(
      report.targets.filter((target) => target.errors.length > 0),
      JSON.stringify(report),
    ).toEqual([]);

    const response = await ws.post("/v1/posts", body);
    expect(response.status).toBe(201);
    const post = response.body;
    expect(post.targets.map((target) => target.platform).sort()).toEqual([...platformIds].sort());
    for (const target of post.targets) expect(["published", "processing"], `${target.platform}: ${JSON.stringify(target.error)}`).toContain(target.state);
  });
});
