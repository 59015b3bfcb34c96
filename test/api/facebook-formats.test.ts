import { beforeAll, describe, expect, it } from "vitest";
import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import type { SandboxPagePost } from "../../src/sandbox/facebook/page-posts.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { jpeg, mp4 } from "../unit/media-fixtures.js";

/**
 * Facebook Reels and Stories through the public API: `platformOptions.facebook.postType` "reel" or
 * "story" (as on Instagram), listed with its limits in GET /v1/platforms, refused by
 * POST /v1/posts/validate and by publishing with the same codes, and published in the sandbox
 * through Meta's phased upload.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function pagePosts(ws: WorkspaceFixture): Promise<{ id: string; data: SandboxPagePost }[]> {
  return (await createDbSandboxStore(t.db, ws.id).list<SandboxPagePost>("facebook", "page_post")).map((r) => ({ id: r.id, data: r.data }));
}

async function onPage(ws: WorkspaceFixture): Promise<{ account: string; pageId: string }> {
  const account = await ws.connect("facebook");
  const targets = (await ws.get(`/v1/social-accounts/${account.id}/targets`)).body;
  return { account: account.id, pageId: targets.items[0]?.id ?? "" };
}

describe("Facebook Reels and Stories through the public API", () => {
  it("GET /v1/platforms lists reel and story with their limits", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const platform = (await ws.get("/v1/platforms/facebook")).body;
    const postType = platform.options.postType ?? { values: [], description: "" };
    expect(postType.values).toEqual(["feed", "reel", "story"]);
    expect(postType.description).toContain("3 to 90 seconds");
    expect(postType.description).toContain("3 to 60 seconds");
    expect(platform.rateLimits).toContainEqual(expect.objectContaining({ scope: "page_reels", limit: 30, windowSeconds: 86400 }));
  });

  it("publishes a reel: processing, then published, and the page holds one reel", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { account, pageId } = await onPage(ws);
    const clip = await ws.upload(mp4(1080, 1920, { duration: 20_000 }), "video/mp4");
    const body = { text: "Harbour reel", accounts: [account], media: [clip.id], platformOptions: { facebook: { pageId, postType: "reel", title: "Dawn" } } };
    const report = (await ws.post("/v1/posts/validate", body)).body;
    expect(report.targets[0]?.errors).toEqual([]);
    const created = await ws.publish(body);
    expect(created.state).toBe("processing");
    const post = await ws.settle(created);
    const target = post.targets[0];
    expect(target?.state, JSON.stringify(target?.error)).toBe("published");
    const reels = (await pagePosts(ws)).filter((p) => p.data.kind === "reel");
    expect(reels.map((r) => r.id)).toEqual([target?.networkPostId]);
    expect(reels[0]?.data).toMatchObject({ pageId, message: "Harbour reel" });
  });

  it("publishes a photo story and a video story", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { account, pageId } = await onPage(ws);
    const photo = await ws.upload(jpeg(1080, 1920), "image/jpeg");
    const clip = await ws.upload(mp4(1080, 1920, { duration: 15_000 }), "video/mp4");
    for (const [media, kind] of [
      [photo.id, "story"],
      [clip.id, "video_story"],
    ] as const) {
      const post = await ws.settle(await ws.publish({ text: "Story", accounts: [account], media: [media], platformOptions: { facebook: { pageId, postType: "story" } } }));
      const target = post.targets[0];
      expect(target?.state, JSON.stringify(target?.error)).toBe("published");
      const stored = (await pagePosts(ws)).find((p) => p.id === target?.networkPostId);
      expect(stored?.data.kind).toBe(kind);
    }
  });

  it("refuses at validate and at publish, with the same code, what reels and stories cannot take", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { account, pageId } = await onPage(ws);
    const photo = await ws.upload(jpeg(1080, 1080), "image/jpeg");
    const long = await ws.upload(mp4(1080, 1920, { duration: 120_000 }), "video/mp4");
    const story = await ws.upload(mp4(1080, 1920, { duration: 75_000 }), "video/mp4");
    const short = await ws.upload(mp4(1080, 1920, { duration: 20_000 }), "video/mp4");
    const cases: [Record<string, unknown>, string[], string][] = [
      [{ postType: "reel" }, [photo.id], "image_not_supported"],
      [{ postType: "reel" }, [long.id], "field_invalid"],
      [{ postType: "reel" }, [], "media_required"],
      [{ postType: "story" }, [story.id], "field_invalid"],
      [{ postType: "story" }, [photo.id, short.id], "video_not_supported"],
      [{ postType: "reel", link: "https://example.com" }, [short.id], "option_invalid"],
    ];
    for (const [options, media, code] of cases) {
      const body = { text: "Refused", accounts: [account], media, platformOptions: { facebook: { pageId, ...options } } };
      const report = (await ws.post("/v1/posts/validate", body)).body;
      expect(
        report.targets[0]?.errors.map((e: { code: string }) => e.code),
        JSON.stringify(options),
      ).toContain(code);
      const post = await ws.publish(body);
      expect(post.targets[0]?.state).toBe("failed");
      expect(post.targets[0]?.error?.code, JSON.stringify(options)).toBe(code);
    }
    // Nothing reached the page.
    expect(await pagePosts(ws)).toEqual([]);
  });
});
