import { beforeAll, describe, expect, it } from "vitest";
import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import type { StoredRecord } from "../../src/sandbox/bluesky/repo.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";
import { jpeg, mp4 } from "../unit/media-fixtures.js";

/**
 * Bluesky video through the public API: listed in GET /v1/platforms (one MP4 of up to 180 s and
 * 100 MB), checked by validate and publish alike, and published in the sandbox through the video
 * service: `processing` while the job runs, then a post with an app.bsky.embed.video embed.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("Bluesky video through the public API", () => {
  it("publishes one MP4 through the video service, and refuses what Bluesky refuses at validate and publish alike", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const platform = (await ws.get("/v1/platforms/bluesky")).body;
    expect(platform.media).toMatchObject({ maxVideos: 1, videoFormats: ["video/mp4"], maxVideoSeconds: 180, maxVideoBytes: 100_000_000, mixed: false });
    const account = await ws.connect("bluesky");
    const clip = await ws.upload(mp4(1080, 1920, { duration: 20_000 }), "video/mp4");
    const body = { text: "Harbour at dawn", accounts: [account.id], media: [clip.id] };
    expect((await ws.post("/v1/posts/validate", body)).body.targets[0]?.errors).toEqual([]);
    const created = await ws.publish(body);
    expect(created.state).toBe("processing");
    const post = await ws.settle(created);
    const target = post.targets[0];
    expect(target?.state, JSON.stringify(target?.error)).toBe("published");
    const records = await createDbSandboxStore(t.db, ws.id).list<StoredRecord>("bluesky", "record");
    const written = records.find((r) => target?.networkPostId?.endsWith(r.id.split("/").pop() ?? "-"));
    expect(written?.data.value).toMatchObject({ text: "Harbour at dawn", embed: { $type: "app.bsky.embed.video", video: { mimeType: "video/mp4" } } });

    const long = await ws.upload(mp4(1080, 1920, { duration: 200_000 }), "video/mp4");
    const photo = await ws.upload(jpeg(800, 800), "image/jpeg");
    for (const [media, code] of [
      [[long.id], "field_invalid"],
      [[clip.id, photo.id], "video_not_supported"],
    ] as const) {
      const refused = { text: "Refused", accounts: [account.id], media: [...media] };
      expect((await ws.post("/v1/posts/validate", refused)).body.targets[0]?.errors.map((e: { code: string }) => e.code)).toContain(code);
      const failed = await ws.publish(refused);
      expect(failed.targets[0]?.error?.code).toBe(code);
    }
  });
});
