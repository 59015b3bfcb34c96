import { describe, expect, it } from "vitest";
import type { PublishMedia } from "../../src/networks/publish-types.js";
import { threadsAdapter } from "../../src/networks/threads/adapter.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";
import { serveRemoteFile } from "../../src/sandbox/meta/remote-media.js";
import type { SandboxThread, SandboxThreadsContainer } from "../../src/sandbox/threads/publishing.js";
import { createThreadsSimulator } from "../../src/sandbox/threads/simulator.js";
import { bench, connect, rejectsWith, type Bench } from "./facebook-helpers.js";
import { expectPublished, losing, required } from "./harness.js";

/**
 * Threads' first comment with a file, on the wire Create Replies documents (threads.md §2,
 * publishing-depth.md §Threads): `POST /{threads-user-id}/threads` with `media_type` IMAGE or
 * VIDEO, `image_url`/`video_url`, `text` and `reply_to_id` makes a reply container (no
 * `auto_publish_text`, which is for TEXT only); `GET /{container-id}?fields=status,error_message`
 * until FINISHED; `POST /{threads-user-id}/threads_publish` with `creation_id`. A text reply
 * stays one call.
 */

const comment = required(threadsAdapter, "commentOnPost");
const check = required(threadsAdapter, "checkComment");
const publish = required(threadsAdapter, "publish");
const checkPublish = required(threadsAdapter, "checkPublish");

function file(kind: "image" | "video", name: string): PublishMedia {
  return {
    id: `med_${name}`,
    kind,
    mimeType: kind === "image" ? "image/jpeg" : "video/mp4",
    bytes: 400_000,
    width: 1080,
    height: 1350,
    durationSeconds: kind === "video" ? 20 : null,
    alt: kind === "image" ? "A chart" : null,
    url: `https://media.chorus.test/${name}.${kind === "image" ? "jpg" : "mp4"}`,
    read: async () => new Uint8Array([1, 2, 3]),
  };
}

/** The account's post, published; `publishes()` counts the threads_publish calls made after it. */
async function account(): Promise<{ b: Bench; net: NetworkContext; tokens: TokenSet; user: string; postId: string; publishes: () => string[] }> {
  const b = bench([createThreadsSimulator]);
  const net = b.net();
  const tokens = await connect(threadsAdapter, net, "fc.author");
  let result = await publish(tokens, { text: "The post", media: [], options: {}, destination: null, targetId: "tgt_1" }, net);
  for (let i = 0; i < 3 && result.state === "processing"; i++) {
    b.advance(5);
    result = await checkPublish(tokens, result.pollToken, net);
  }
  const from = b.sent.length;
  const publishes = () =>
    b.sent
      .slice(from)
      .filter((r) => r.url.pathname.endsWith("/threads_publish"))
      .map((r) => form(r.body).creation_id ?? "");
  return { b, net, tokens, user: String(tokens.extra.userId), postId: expectPublished(result).networkPostId, publishes };
}

const input = (postId: string, media: PublishMedia[], text = "The chart") => ({ networkPostId: postId, postUrl: null, text, media, destination: null, networkUserId: "" });
const form = (body: string | undefined) => Object.fromEntries(new URLSearchParams(body ?? ""));

describe("Threads first comment with media", () => {
  it("makes an IMAGE reply container and hands it back processing, without publishing or waiting", async () => {
    const a = await account();
    const from = a.b.sent.length;
    const made = await comment(a.tokens, input(a.postId, [file("image", "chart")]), a.net);
    const sent = a.b.sent.slice(from);
    expect(sent.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([`POST /v1.0/${a.user}/threads`]);
    const fields = form(sent[0]?.body);
    expect(fields).toMatchObject({ media_type: "IMAGE", image_url: "https://media.chorus.test/chart.jpg", text: "The chart", reply_to_id: a.postId, alt_text: "A chart" });
    expect(fields.auto_publish_text).toBeUndefined();
    expect(made.processing?.pollAfterSeconds).toBe(30);
    expect(made.processing?.pollToken).toContain(made.id);
    const container = await a.b.deps.store.get<SandboxThreadsContainer>("threads", "container", made.id);
    expect(container?.data).toMatchObject({ mediaType: "IMAGE", mediaId: null, fields: { reply_to_id: a.postId } });
  });

  it("a VIDEO reply container waits longer; a text reply stays one auto-published call", async () => {
    const a = await account();
    const video = await comment(a.tokens, input(a.postId, [file("video", "clip")]), a.net);
    expect(form(a.b.sent.at(-1)?.body)).toMatchObject({ media_type: "VIDEO", video_url: "https://media.chorus.test/clip.mp4", reply_to_id: a.postId });
    expect(video.processing?.pollAfterSeconds).toBe(60);
    const from = a.b.sent.length;
    const text = await comment(a.tokens, input(a.postId, [], "Just words"), a.net);
    expect(text.processing).toBeUndefined();
    const writes = a.b.sent.slice(from).filter((r) => r.method === "POST");
    expect(writes).toHaveLength(1);
    expect(form(writes[0]?.body)).toMatchObject({ media_type: "TEXT", auto_publish_text: "true", reply_to_id: a.postId });
  });

  it("looks at the container until FINISHED, then publishes that container once, as a reply under the post", async () => {
    const a = await account();
    const made = await comment(a.tokens, input(a.postId, [file("image", "chart")]), a.net);
    const token = made.processing?.pollToken ?? "";
    const look = { pollToken: token, networkPostId: a.postId, text: "The chart" };
    expect(await check(a.tokens, look, a.net)).toMatchObject({ state: "processing", pollToken: token });
    expect(a.publishes()).toEqual([]);
    const status = a.b.sent.at(-1);
    expect(status?.url.pathname).toBe(`/v1.0/${made.id}`);
    expect(status?.url.searchParams.get("fields")).toBe("status,error_message");
    a.b.advance(3);
    const posted = await check(a.tokens, look, a.net);
    if (posted.state !== "posted") throw new Error(JSON.stringify(posted));
    expect(a.publishes()).toEqual([made.id]);
    const reply = await a.b.deps.store.get<SandboxThread>("threads", "thread", posted.id);
    expect(reply?.data).toMatchObject({ text: "The chart", mediaType: "IMAGE", repliedTo: a.postId });
    expect(posted.url).toContain("/threads/@fc.author/post/");
  });

  it("finds the reply a lost publish answer left, instead of publishing the container again", async () => {
    const a = await account();
    const made = await comment(a.tokens, input(a.postId, [file("image", "lost")], "Lost answer"), a.net);
    const look = { pollToken: made.processing?.pollToken ?? "", networkPostId: a.postId, text: "Lost answer" };
    a.b.advance(3);
    const lost = losing(a.net, (url, method) => method === "POST" && url.pathname.endsWith("/threads_publish"));
    await rejectsWith(check(a.tokens, look, lost), "platform_unavailable");
    const replies = (await a.b.deps.store.list<SandboxThread>("threads", "thread")).filter((t) => t.data.repliedTo === a.postId);
    expect(replies).toHaveLength(1);
    const again = await check(a.tokens, look, a.net);
    expect(again).toMatchObject({ state: "posted", id: replies[0]?.id });
    expect(a.publishes()).toEqual([made.id]);
    const read = a.b.sent.at(-1);
    expect(read?.url.pathname).toBe(`/v1.0/${a.postId}/replies`);
  });

  it("fails with the media code Threads' error_message maps to when the container ends in ERROR, and never publishes", async () => {
    const a = await account();
    await serveRemoteFile(a.b.deps.store, "threads", "https://media.chorus.test/banner.jpg", { mimeType: "image/jpeg", bytes: 1000, width: 6000, height: 400, durationSeconds: null });
    const made = await comment(a.tokens, input(a.postId, [file("image", "banner")]), a.net);
    a.b.advance(3);
    const failed = await check(a.tokens, { pollToken: made.processing?.pollToken ?? "", networkPostId: a.postId, text: "The chart" }, a.net);
    expect(failed).toMatchObject({ state: "failed", error: { code: "aspect_ratio_unsupported", platform: "threads" } });
    expect(a.publishes()).toEqual([]);
  });

  it("fails an EXPIRED container (24 h unpublished)", async () => {
    const a = await account();
    const made = await comment(a.tokens, input(a.postId, [file("image", "late")]), a.net);
    a.b.advance(25 * 3600);
    const failed = await check(a.tokens, { pollToken: made.processing?.pollToken ?? "", networkPostId: a.postId, text: "The chart" }, a.net);
    expect(failed).toMatchObject({ state: "failed", error: { code: "platform_unavailable", message: expect.stringContaining("expired") } });
  });
});
