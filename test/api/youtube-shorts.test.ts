import { beforeAll, describe, expect, it } from "vitest";
import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import type { SandboxVideo } from "../../src/sandbox/youtube/youtube-data.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { jpeg, mp4 } from "../unit/media-fixtures.js";

/**
 * YouTube Shorts through the public API: `platformOptions.youtube.postType: "short"`. YouTube has
 * no API flag; it files an upload of at most 3 minutes, square or taller, as a Short. Chorus
 * refuses a `short` that YouTube would file as a regular video, at validate and at publish alike,
 * and answers the Shorts link once it is up.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const uploads = async (ws: WorkspaceFixture) => (await createDbSandboxStore(t.db, ws.id).list<SandboxVideo>("youtube", "video")).map((r) => r.data);

describe("YouTube Shorts", () => {
  it("GET /v1/platforms lists the short format with its limits", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const platform = (await ws.get("/v1/platforms/youtube")).body;
    expect(platform.options.postType?.values).toEqual(["video", "short"]);
    expect(platform.formats).toContainEqual({
      id: "short",
      description: expect.stringContaining("3 minutes"),
      selectedBy: 'platformOptions.youtube.postType: "short"',
      media: { kinds: ["video"], minItems: 1, maxItems: 1, minVideoSeconds: null, maxVideoSeconds: 180, maxAspectRatio: 1 },
      limits: {},
    });
  });

  it("publishes a vertical video of under 3 minutes as a Short, with the Shorts link", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("youtube");
    for (const [width, height] of [
      [1080, 1920],
      [1080, 1080],
    ] as const) {
      const clip = await ws.upload(mp4(width, height, { duration: 170_000 }), "video/mp4");
      const body = { text: "Harbour short", accounts: [account.id], media: [clip.id], platformOptions: { youtube: { title: "Harbour", postType: "short" } } };
      expect((await ws.post("/v1/posts/validate", body)).body.targets[0]?.errors).toEqual([]);
      const post = await ws.settle(await ws.publish(body));
      const target = post.targets[0];
      expect(target?.state, JSON.stringify(target?.error)).toBe("published");
      expect(target?.url).toBe(`https://www.youtube.com/shorts/${target?.networkPostId}`);
    }
    // postType is Chorus's: nothing of it reaches videos.insert, which has no such field.
    const videos = await uploads(ws);
    expect(videos).toHaveLength(2);
    expect(videos.map((v) => v.snippet.title)).toEqual(["Harbour", "Harbour"]);
  });

  it("a regular video keeps the watch link", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("youtube");
    const clip = await ws.upload(mp4(1920, 1080, { duration: 20_000 }), "video/mp4");
    const post = await ws.settle(await ws.publish({ text: "Harbour", accounts: [account.id], media: [clip.id], platformOptions: { youtube: { title: "Harbour" } } }));
    expect(post.targets[0]?.url).toBe(`https://www.youtube.com/watch?v=${post.targets[0]?.networkPostId}`);
  });

  it("refuses at validate and at publish, with the same code, a short YouTube would not file as one; nothing is uploaded", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("youtube");
    const wide = await ws.upload(mp4(1920, 1080, { duration: 20_000 }), "video/mp4");
    const long = await ws.upload(mp4(1080, 1920, { duration: 181_000 }), "video/mp4");
    const photo = await ws.upload(jpeg(1080, 1920), "image/jpeg");
    const cases: [string[], string, string][] = [
      [[wide.id], "aspect_ratio_unsupported", "1920x1080"],
      [[long.id], "field_invalid", "180 s"],
      [[photo.id], "video_required", "video"],
      [[], "media_required", "video"],
    ];
    for (const [media, code, says] of cases) {
      const body = { text: "Refused", accounts: [account.id], media, platformOptions: { youtube: { title: "Harbour", postType: "short" } } };
      const errors = (await ws.post("/v1/posts/validate", body)).body.targets[0]?.errors ?? [];
      const found = errors.find((e: { code: string }) => e.code === code);
      expect(found, JSON.stringify(errors)).toBeDefined();
      expect(found?.message).toContain(says);
      expect(found?.param).toBe("media");
      expect(found?.fix).toBeTruthy();
      const post = await ws.publish(body);
      expect(post.targets[0]?.state).toBe("failed");
      expect(post.targets[0]?.error?.code).toBe(errors[0]?.code);
    }
    expect(await uploads(ws)).toEqual([]);
  });
});

describe("GET /v1/platforms formats", () => {
  it("lists each network's formats with the limits its rules enforce", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const formats = Object.fromEntries(
      ((await ws.get("/v1/platforms")).body.items as { platform: string; formats: { id: string; media: unknown; limits: Record<string, number> }[] }[]).map((p) => [
        p.platform,
        Object.fromEntries(p.formats.map((f) => [f.id, f])),
      ]),
    );
    expect(formats.threads?.carousel?.media).toMatchObject({ kinds: ["image", "video"], minItems: 2, maxItems: 20 });
    expect(formats.threads?.poll).toMatchObject({ media: null, limits: { minOptions: 2, maxOptions: 4, optionMaxLength: 25 } });
    expect(formats.twitter?.poll).toMatchObject({ media: null, limits: { minOptions: 2, maxOptions: 4, optionMaxLength: 25, minDurationMinutes: 5, maxDurationMinutes: 10080 } });
    expect(formats.pinterest?.carousel?.media).toMatchObject({ kinds: ["image"], minItems: 2, maxItems: 5 });
    expect(formats.pinterest?.video?.media).toMatchObject({ kinds: ["video"], minItems: 1, maxItems: 1, minVideoSeconds: 4, maxVideoSeconds: 900 });
    expect(formats.tiktok?.photo?.media).toMatchObject({ kinds: ["image"], minItems: 1, maxItems: 35 });
    expect(formats.instagram?.carousel).toMatchObject({ media: { minItems: 2, maxItems: 10 }, limits: { maxCollaborators: 3 } });
    expect(formats.instagram?.reel?.media).toMatchObject({ kinds: ["video"], maxItems: 1, minVideoSeconds: 3, maxVideoSeconds: 900 });
    expect(formats.facebook?.reel?.media).toMatchObject({ kinds: ["video"], minItems: 1, maxItems: 1, minVideoSeconds: 3, maxVideoSeconds: 90 });
    expect(formats.facebook?.story?.media).toMatchObject({ kinds: ["image", "video"], minItems: 1, maxItems: 1, maxVideoSeconds: 60 });
    expect(formats.bluesky?.video?.media).toMatchObject({ kinds: ["video"], maxItems: 1, maxVideoSeconds: 180 });
    expect(formats.linkedin?.multi_image?.media).toMatchObject({ kinds: ["image"], minItems: 2, maxItems: 20 });
    expect(formats.googlebusiness).toEqual({});
  });

  it("the listed limits are the ones publishing enforces: one past a carousel's or a poll's maximum is refused", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const listed = (await ws.get("/v1/platforms/threads")).body.formats as { id: string; media: { maxItems: number } | null; limits: Record<string, number> }[];
    const carousel = listed.find((f) => f.id === "carousel");
    const poll = listed.find((f) => f.id === "poll");
    const account = await ws.connect("threads");
    const image = await ws.upload(jpeg(1080, 1080), "image/jpeg");
    const tooMany = Array.from({ length: (carousel?.media?.maxItems ?? 0) + 1 }, () => image.id);
    const choices = Array.from({ length: (poll?.limits.maxOptions ?? 0) + 1 }, (_, i) => `choice ${i}`);
    for (const body of [
      { text: "Carousel", accounts: [account.id], media: tooMany },
      { text: "Poll", accounts: [account.id], platformOptions: { threads: { pollOptions: choices } } },
    ]) {
      const errors = (await ws.post("/v1/posts/validate", body)).body.targets[0]?.errors ?? [];
      expect(errors.length, JSON.stringify(body)).toBeGreaterThan(0);
      const post = await ws.publish(body);
      expect(post.targets[0]?.state).toBe("failed");
    }
    // One fewer of each goes through.
    const fits = await ws.settle(await ws.publish({ text: "Carousel", accounts: [account.id], media: tooMany.slice(1) }));
    expect(fits.targets[0]?.state, JSON.stringify(fits.targets[0]?.error)).toBe("published");
  });
});
