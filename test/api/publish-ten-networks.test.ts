import { beforeAll, describe, expect, it } from "vitest";
import { platformIds } from "../../src/types/platform-ids.js";
import { type TestApp, type TestWorkspace, createTestApp } from "../support/test-app.js";
import { jpeg, mp4 } from "../unit/media-fixtures.js";

async function upload(ws: TestWorkspace, bytes: Uint8Array<ArrayBuffer>, type: string): Promise<string> {
  const response = await ws.request("/v1/media", { method: "POST", body: bytes, headers: { "content-type": type } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function firstTarget(ws: TestWorkspace, accountId: string): Promise<string> {
  const targets = (await (await ws.request(`/v1/social-accounts/${accountId}/targets`)).json()) as { items: { id: string }[] };
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
    const ws = await t.workspace({ plan: "subscription" });
    await ws.request("/v1/profiles", { method: "POST", json: { username: "brand" } });
    const accounts: Record<string, string> = {};
    for (const platform of platformIds) {
      const body = platform === "bluesky" ? { platform, handle: "brand-all.test", appPassword: "abcd-efgh-ijkl-mnop", profile: "brand" } : { platform, handle: `brand-${platform}`, profile: "brand" };
      const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json: body });
      expect(response.status, await response.clone().text()).toBe(201);
      accounts[platform] = ((await response.json()) as { id: string }).id;
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
    const check = await ws.request("/v1/posts/validate", { method: "POST", json: body });
    const report = (await check.json()) as { valid: boolean; targets: { platform: string; errors: unknown[] }[] };
    expect(report.targets.filter((target) => target.errors.length > 0), JSON.stringify(report)).toEqual([]);

    const response = await ws.request("/v1/posts", { method: "POST", json: body });
    expect(response.status).toBe(201);
    const post = (await response.json()) as { id: string; state: string; targets: { platform: string; state: string; error: unknown }[] };
    expect(post.targets.map((target) => target.platform).sort()).toEqual([...platformIds].sort());
    for (const target of post.targets) expect(["published", "processing"], `${target.platform}: ${JSON.stringify(target.error)}`).toContain(target.state);
  });
});
