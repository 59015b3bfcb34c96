import { describe, expect, it } from "vitest";
import { facebookAdapter } from "../../src/networks/facebook/adapter.js";
import type { PublishMedia, PublishRequest } from "../../src/networks/publish-types.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";
import type { SandboxPagePost, SandboxVideo } from "../../src/sandbox/facebook/page-posts.js";
import { phasedVideoRules } from "../../src/sandbox/facebook/phased-video.js";
import { createFacebookSimulator } from "../../src/sandbox/facebook/simulator.js";
import type { SandboxPage } from "../../src/sandbox/meta/pages.js";
import { serveRemoteFile } from "../../src/sandbox/meta/remote-media.js";
import { graphRequestProblems } from "../support/meta-graph-request-check.js";
import { bench, connect, type Bench } from "./facebook-helpers.js";
import { apiError, expectProcessing, expectPublished, form, required, wireAnswer } from "./harness.js";

/**
 * Facebook Reels and video stories: the phased upload (START on the page edge, the file to
 * rupload.facebook.com by `file_url`, FINISH), each Graph call checked against Meta's Page node
 * description (Page.json POST `video_reels` / `video_stories`), and the simulator refusing what the
 * Reels Publishing and Page Stories guides say Meta refuses.
 */

const publish = required(facebookAdapter, "publish");
const checkPublish = required(facebookAdapter, "checkPublish");

const video = (name: string, durationSeconds = 30): PublishMedia => ({
  id: `med_${name}`,
  kind: "video",
  mimeType: "video/mp4",
  bytes: 12_000_000,
  width: 1080,
  height: 1920,
  durationSeconds,
  alt: null,
  url: `https://media.chorus.test/${name}.mp4`,
  read: async () => new Uint8Array([1, 2, 3]),
});

interface Page {
  b: Bench;
  net: NetworkContext;
  tokens: TokenSet;
  pageId: string;
  token: () => Promise<string>;
  request: (overrides: Partial<PublishRequest>) => PublishRequest;
}

async function onPage(): Promise<Page> {
  const b = bench([createFacebookSimulator]);
  const net = b.net();
  const tokens = await connect(facebookAdapter, net, "reels.owner");
  const main = ((await facebookAdapter.targets?.(tokens, net)) ?? []).find((t) => t.name.endsWith("(sandbox page)"));
  if (!main) throw new Error("no sandbox page");
  const token = async () => (await b.deps.store.get<SandboxPage>("facebook", "page", main.id))?.data.tokenValue ?? "";
  const request = (overrides: Partial<PublishRequest>): PublishRequest => ({ text: "Harbour at dawn", media: [], options: {}, destination: main.id, targetId: "tgt_1", ...overrides });
  return { b, net, tokens, pageId: main.id, token, request };
}

const path = (r: { method: string; url: URL }) => `${r.method} ${r.url.host}${r.url.pathname}`;

describe("Facebook Reels", () => {
  it("publishes a reel in three phases, each Graph call as Page.json describes it, then polls its processing", async () => {
    const p = await onPage();
    const before = p.b.sent.length;
    const first = expectProcessing(await publish(p.tokens, p.request({ media: [video("reel")], options: { postType: "reel", title: "Dawn" } }), p.net));
    const sent = p.b.sent.slice(before);
    expect(sent.map(path)).toEqual([
      `POST graph.facebook.com/v26.0/${p.pageId}/video_reels`,
      expect.stringMatching(/^POST rupload\.facebook\.com\/video-upload\/v26\.0\/\d+$/),
      `POST graph.facebook.com/v26.0/${p.pageId}/video_reels`,
    ]);
    const [start, transfer, finish] = sent;
    if (!start || !transfer || !finish) throw new Error("three calls expected");
    for (const call of [start, finish]) expect(graphRequestProblems(call, "Page")).toEqual([]);
    expect(form(start.body)).toEqual({ upload_phase: "START", access_token: await p.token() });
    // The file goes by URL with the page token; the bytes never pass through Chorus.
    expect(transfer.headers).toMatchObject({ authorization: `OAuth ${await p.token()}`, file_url: "https://media.chorus.test/reel.mp4" });
    const videoId = transfer.url.pathname.split("/").at(-1) ?? "";
    expect(form(finish.body)).toEqual({ upload_phase: "FINISH", video_id: videoId, video_state: "PUBLISHED", description: "Harbour at dawn", title: "Dawn", access_token: await p.token() });

    p.b.advance(10);
    const done = expectPublished(await checkPublish(p.tokens, first.pollToken, p.net));
    const post = await p.b.deps.store.get<SandboxPagePost>("facebook", "page_post", done.networkPostId);
    expect(post?.data).toMatchObject({ kind: "reel", videoId, message: "Harbour at dawn" });
  });

  it("fails a reel Meta measures outside 3-90 seconds while processing it", async () => {
    const p = await onPage();
    await serveRemoteFile(p.b.deps.store, "facebook", "https://media.chorus.test/long.mp4", { mimeType: "video/mp4", bytes: 9_000_000, width: 1080, height: 1920, durationSeconds: 120 });
    const first = expectProcessing(await publish(p.tokens, p.request({ media: [video("long", 120)], options: { postType: "reel" } }), p.net));
    p.b.advance(10);
    const result = await checkPublish(p.tokens, first.pollToken, p.net);
    expect(result).toMatchObject({ state: "failed", error: { code: "media_unreadable" } });
    if (result.state === "failed") expect(result.error.message).toContain("3 to 90 seconds");
  });

  it("is refused once the page published 30 reels in 24 hours, and allowed again a day later", async () => {
    const p = await onPage();
    for (let i = 0; i < phasedVideoRules.reelsPerDay; i++) {
      await p.b.deps.store.put<SandboxVideo>(
        "facebook",
        "video",
        `9${i}`,
        { pageId: p.pageId, fileUrl: "https://x", description: null, title: null, createdAt: p.b.deps.now().toISOString(), failure: null, postId: null, reel: true },
        (await p.b.deps.store.get<SandboxPage>("facebook", "page", p.pageId))?.owner ?? "",
      );
    }
    const error = await apiError(publish(p.tokens, p.request({ media: [video("one")], options: { postType: "reel" } }), p.net));
    expect(error).toMatchObject({ code: "rate_limited", platform: "facebook" });
    p.b.advance(86_401);
    expectProcessing(await publish(p.tokens, p.request({ media: [video("two")], options: { postType: "reel" } }), p.net));
  });
});

describe("Facebook Stories", () => {
  it("publishes a video story in phases; the finish call answers the story's post id", async () => {
    const p = await onPage();
    const before = p.b.sent.length;
    const result = expectPublished(await publish(p.tokens, p.request({ media: [video("story", 20)], options: { postType: "story" } }), p.net));
    const sent = p.b.sent.slice(before);
    expect(sent.map((r) => `${r.method} ${r.url.host}`)).toEqual(["POST graph.facebook.com", "POST rupload.facebook.com", "POST graph.facebook.com"]);
    for (const call of [sent[0], sent[2]]) if (call) expect(graphRequestProblems(call, "Page")).toEqual([]);
    expect(sent[0]?.url.pathname).toBe(`/v26.0/${p.pageId}/video_stories`);
    expect(form(sent[2]?.body ?? "")).toEqual({ upload_phase: "FINISH", video_id: expect.stringMatching(/^\d+$/), access_token: await p.token() });
    const post = await p.b.deps.store.get<SandboxPagePost>("facebook", "page_post", result.networkPostId);
    expect(post?.data).toMatchObject({ kind: "video_story", pageId: p.pageId, message: null });
  });

  it("is refused by Meta for a video over 60 seconds, and by Chorus before any call for two media", async () => {
    const p = await onPage();
    await serveRemoteFile(p.b.deps.store, "facebook", "https://media.chorus.test/long-story.mp4", { mimeType: "video/mp4", bytes: 9_000_000, width: 1080, height: 1920, durationSeconds: 75 });
    const error = await apiError(publish(p.tokens, p.request({ media: [video("long-story", 75)], options: { postType: "story" } }), p.net));
    expect(error).toMatchObject({ platform: "facebook", message: expect.stringContaining("3 to 60 seconds") });
    const before = p.b.sent.length;
    const two = await apiError(publish(p.tokens, p.request({ media: [video("a"), video("b")], options: { postType: "story" } }), p.net));
    expect(two).toMatchObject({ code: "field_invalid", param: "media", beforeExecution: true });
    expect(p.b.sent.length).toBe(before);
  });
});

describe("the rupload host", () => {
  it("refuses a finish before the file arrived, and a transfer with another page's token", async () => {
    const p = await onPage();
    const token = await p.token();
    const graph = (edge: string, fields: Record<string, string>) =>
      p.net.fetch(`https://graph.facebook.com/v26.0/${p.pageId}/${edge}`, { method: "POST", body: new URLSearchParams({ ...fields, access_token: token }) });
    const started = (await wireAnswer<{ video_id: string; upload_url: string }>(await graph("video_reels", { upload_phase: "start" }))).body;
    expect(started.upload_url).toBe(`https://rupload.facebook.com/video-upload/v26.0/${started.video_id}`);
    const early = await graph("video_reels", { upload_phase: "finish", video_id: started.video_id, video_state: "PUBLISHED" });
    expect(early.status).toBe(400);
    expect(await early.json()).toMatchObject({ error: { code: 100 } });
    const stranger = await p.net.fetch(started.upload_url, { method: "POST", headers: { authorization: `OAuth ${p.tokens.accessToken}`, file_url: "https://media.chorus.test/x.mp4" } });
    expect(stranger.status).toBe(400);
    expect(await stranger.json()).toMatchObject({ debug_info: { type: "ProcessingFailedError" } });
  });
});
