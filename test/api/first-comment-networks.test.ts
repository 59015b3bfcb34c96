import { beforeAll, describe, expect, it } from "vitest";
import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import type { SandboxComment as FacebookComment } from "../../src/sandbox/facebook/page-comments.js";
import type { SandboxIgComment } from "../../src/sandbox/instagram/media-comments.js";
import type { SandboxComment as YoutubeComment } from "../../src/sandbox/youtube/comments.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { jpeg, mp4 } from "../unit/media-fixtures.js";

/**
 * First comments on the networks whose post goes live later or on a page: an Instagram image goes
 * through a container, a YouTube video through processing, a Facebook post onto a page. Each time
 * the comment is sent once, after the post is live, and is read back from the simulator itself.
 */

const comment = { text: "Credits and links in the first comment" };

async function firstTarget(ws: WorkspaceFixture, accountId: string): Promise<string> {
  const targets = (await ws.get(`/v1/social-accounts/${accountId}/targets`)).body;
  return targets.items[0]?.id ?? "";
}

/** What the simulator holds for this workspace, of one kind. */
async function stored<T>(t: TestApp, ws: WorkspaceFixture, platform: PlatformId, kind: string): Promise<{ id: string; data: T }[]> {
  return (await createDbSandboxStore(t.db, ws.id).list<T>(platform, kind)).map((r) => ({ id: r.id, data: r.data }));
}

describe("first comments on Instagram, YouTube and Facebook pages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("comments once on an Instagram image after its container is published, never on the container", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("instagram");
    const image = await ws.upload(jpeg(1080, 1080), "image/jpeg");
    const post = await ws.settle(await ws.publish({ text: "an instagram image with a first comment", accounts: [account.id], media: [image.id], firstComment: comment }));
    const target = post.targets[0];
    expect(target?.state, JSON.stringify(target?.error)).toBe("published");
    expect(target?.firstComment, JSON.stringify(target?.firstComment)).toMatchObject({ state: "posted", error: null, url: null });
    const ours = (await stored<SandboxIgComment>(t, ws, "instagram", "comment")).filter((c) => c.data.text === comment.text);
    expect(ours.map((c) => c.id)).toEqual([target?.firstComment?.id]);
    expect(ours[0]?.data).toMatchObject({ mediaId: target?.networkPostId, parentId: null, from: { username: account.handle } });
    // Another settle round sends nothing more.
    await ws.settle({ ...post, state: "processing" });
    expect((await stored<SandboxIgComment>(t, ws, "instagram", "comment")).filter((c) => c.data.text === comment.text)).toHaveLength(1);
  });

  it("comments once on a YouTube video after processing has published it", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("youtube");
    const video = await ws.upload(mp4(1920, 1080, { duration: 20_000 }), "video/mp4");
    const created = await ws.publish({
      text: "a video with a first comment",
      accounts: [account.id],
      media: [video.id],
      firstComment: comment,
      platformOptions: { youtube: { title: "First comment", privacyStatus: "public" } },
    });
    // While the video processes, nothing is commented yet.
    expect(created.state).toBe("processing");
    expect(created.targets[0]?.firstComment).toMatchObject({ state: "pending", id: null });
    expect(await stored<YoutubeComment>(t, ws, "youtube", "comment")).toHaveLength(0);
    const post = await ws.settle(created);
    const target = post.targets[0];
    expect(target?.state, JSON.stringify(target?.error)).toBe("published");
    expect(target?.firstComment, JSON.stringify(target?.firstComment)).toMatchObject({ state: "posted", error: null });
    const ours = (await stored<YoutubeComment>(t, ws, "youtube", "comment")).filter((c) => c.data.text === comment.text);
    expect(ours.map((c) => c.id)).toEqual([target?.firstComment?.id]);
    expect(ours[0]?.data).toMatchObject({ videoId: target?.networkPostId, parentId: null, moderationStatus: "published" });
    expect(target?.firstComment?.url).toBe(`https://www.youtube.com/watch?v=${target?.networkPostId}&lc=${target?.firstComment?.id}`);
  });

  it("reports a YouTube refusal on the comment alone: a made-for-kids video has comments off", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("youtube");
    const video = await ws.upload(mp4(1920, 1080, { duration: 20_000 }), "video/mp4");
    const post = await ws.settle(
      await ws.publish({
        text: "a video for kids",
        accounts: [account.id],
        media: [video.id],
        firstComment: comment,
        platformOptions: { youtube: { title: "For kids", privacyStatus: "public", madeForKids: true } },
      }),
    );
    expect(post.targets[0]?.state, JSON.stringify(post.targets[0]?.error)).toBe("published");
    expect(post.targets[0]?.firstComment).toMatchObject({ state: "failed", id: null, error: { code: "platform_rejected" } });
    expect(await stored<YoutubeComment>(t, ws, "youtube", "comment")).toHaveLength(0);
  });

  it("comments once on a Facebook page post as the page", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("facebook");
    const pageId = await firstTarget(ws, account.id);
    expect(pageId).toBeTruthy();
    const post = await ws.settle(await ws.publish({ text: "a page post with a first comment", accounts: [account.id], firstComment: comment, platformOptions: { facebook: { pageId } } }));
    const target = post.targets[0];
    expect(target?.state, JSON.stringify(target?.error)).toBe("published");
    expect(target?.firstComment, JSON.stringify(target?.firstComment)).toMatchObject({ state: "posted", error: null });
    const ours = (await stored<FacebookComment>(t, ws, "facebook", "comment")).filter((c) => c.data.message === comment.text);
    expect(ours.map((c) => c.id)).toEqual([target?.firstComment?.id]);
    // Written as the page (its token), on the published post.
    expect(ours[0]?.data).toMatchObject({ pageId, postId: target?.networkPostId, parentId: null, from: { id: pageId } });
    const listed = (await ws.get(`/v1/posts/${post.id}/comments`)).body as { items?: { id: string; text: string }[] };
    expect((listed.items ?? []).filter((c) => c.text === comment.text).map((c) => c.id)).toEqual([target?.firstComment?.id]);
  });
});
