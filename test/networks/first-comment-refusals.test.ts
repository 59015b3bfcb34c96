import { describe, expect, it } from "vitest";
import { facebookAdapter } from "../../src/networks/facebook/adapter.js";
import type { FirstCommentInput } from "../../src/networks/first-comment-types.js";
import { instagramAdapter } from "../../src/networks/instagram/adapter.js";
import { youtubeAdapter } from "../../src/networks/youtube/adapter.js";
import { createFacebookSimulator } from "../../src/sandbox/facebook/simulator.js";
import type { SandboxMedia } from "../../src/sandbox/instagram/model.js";
import { createInstagramSimulator } from "../../src/sandbox/instagram/simulator.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import { bench, connect } from "./facebook-helpers.js";
import { youtubeChannelWithVideo } from "./first-comment-setup.js";
import { apiError, connectThroughConsent, createSandbox, required, wireAnswer } from "./harness.js";

const input = (networkPostId: string, text = "A first comment", destination: string | null = null): FirstCommentInput => ({ networkPostId, postUrl: null, text, destination, networkUserId: "" });
const wire = (response: Response) => wireAnswer<{ error?: Record<string, unknown> }>(response);

describe("what the simulators refuse a first comment", () => {
  it("Instagram: unknown media, someone else's media, an empty or too long message, comments turned off", async () => {
    const b = bench([createFacebookSimulator, createInstagramSimulator]);
    const net = b.net();
    const comment = required(instagramAdapter, "commentOnPost");
    const tokens = await connect(instagramAdapter, net, "fc.refused", "instagram_login");
    const other = await connect(instagramAdapter, net, "fc.other", "instagram_login");
    const mine = "17900000000000021";
    const theirs = "17900000000000022";
    const at = b.deps.now().toISOString();
    await b.deps.store.put<SandboxMedia>("instagram", "media", mine, { caption: "mine", publishedAt: at, mediaType: "IMAGE", productType: "FEED" }, String(tokens.extra.igUserId));
    await b.deps.store.put<SandboxMedia>("instagram", "media", theirs, { caption: "theirs", publishedAt: at, mediaType: "IMAGE", productType: "FEED" }, String(other.extra.igUserId));
    const post = (path: string, form: Record<string, string>) =>
      net.fetch(`https://graph.instagram.com/v26.0/${path}`, { method: "POST", body: new URLSearchParams({ ...form, access_token: tokens.accessToken }) }).then(wire);

    // Graph's "does not exist or cannot be loaded" (code 100, subcode 33) for a media the account does not own.
    for (const id of ["17900000000000099", theirs]) {
      expect(await post(`${id}/comments`, { message: "hi" })).toMatchObject({ status: 400, body: { error: { code: 100, error_subcode: 33, type: "GraphMethodException" } } });
      expect((await apiError(comment(tokens, input(id), net))).code).toBe("platform_rejected");
    }
    expect(await post(`${mine}/comments`, {})).toMatchObject({ status: 400, body: { error: { code: 100, message: "(#100) The parameter message is required" } } });
    expect((await apiError(comment(tokens, input(mine, "   "), net))).code).toBe("platform_rejected");
    expect((await post(`${mine}/comments`, { message: "a".repeat(2201) })).status).toBe(400);
    // 2,200 characters counted as characters, not UTF-16 units: 2,200 emoji still fit.
    expect((await post(`${mine}/comments`, { message: "🙂".repeat(2200) })).status).toBe(200);
    expect(await post(mine, { comment_enabled: "maybe" })).toMatchObject({ status: 400 });
    expect(await post(mine, { comment_enabled: "false" })).toEqual({ status: 200, body: { success: true } });
    expect(await post(`${mine}/comments`, { message: "hi" })).toMatchObject({ status: 400, body: { error: { code: 100, message: "(#100) Comments are disabled for this media" } } });
    expect((await apiError(comment(tokens, input(mine), net))).code).toBe("platform_rejected");
    expect(await post(theirs, { comment_enabled: "false" })).toMatchObject({ status: 400, body: { error: { error_subcode: 33 } } });
    expect(await post(mine, { comment_enabled: "true" })).toEqual({ status: 200, body: { success: true } });
    expect(await comment(tokens, input(mine), net)).toMatchObject({ url: null });
    // Only the two accepted comments exist: the emoji one and the last.
    const stored = await b.deps.store.list<{ mediaId: string }>("instagram", "comment");
    expect(stored.map((c) => c.data.mediaId)).toEqual([mine, mine]);
  });

  it("YouTube: no video, an unknown or hidden video, empty or too long text, comments off, an account without a channel", async () => {
    const ctx = createSandbox([createYoutubeSimulator], {
      start: "2026-11-21T12:00:00.000Z",
      config: { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "sandbox-google-secret", redirectUri: "https://chorus.test/v1/connect/callback/youtube" },
    });
    const comment = required(youtubeAdapter, "commentOnPost");
    const { tokens, videoId } = await youtubeChannelWithVideo(ctx, "fc.refused");
    const kids = await youtubeChannelWithVideo(ctx, "fc.kids", { privacyStatus: "public", selfDeclaredMadeForKids: true });
    const hidden = await youtubeChannelWithVideo(ctx, "fc.hidden", { privacyStatus: "private" });
    const insert = (body: unknown, token = tokens.accessToken) =>
      ctx.net
        .fetch("https://youtube.googleapis.com/youtube/v3/commentThreads?part=snippet", {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        })
        .then(wire);
    const reason = (r: { body: { error?: Record<string, unknown> } }) => (r.body.error?.errors as { reason: string }[] | undefined)?.[0]?.reason;
    const thread = (video: string, text: string) => ({ snippet: { videoId: video, topLevelComment: { snippet: { textOriginal: text } } } });

    const missing = await insert({ snippet: { topLevelComment: { snippet: { textOriginal: "hi" } } } });
    expect([missing.status, reason(missing)]).toEqual([400, "channelOrVideoIdMissing"]);
    const empty = await insert(thread(videoId, " "));
    expect([empty.status, reason(empty)]).toEqual([400, "commentTextRequired"]);
    const long = await insert(thread(videoId, "a".repeat(10_001)));
    expect([long.status, reason(long)]).toEqual([400, "commentTextTooLong"]);
    expect((await insert(thread(videoId, "a".repeat(10_000)))).status).toBe(200);
    for (const video of ["vidNotThere", hidden.videoId]) {
      const gone = await insert(thread(video, "hi"));
      expect([gone.status, reason(gone)]).toEqual([404, "videoNotFound"]);
      expect((await apiError(comment(tokens, input(video), ctx.net))).code).toBe("platform_rejected");
    }
    // The owner of a private video may comment on it.
    expect((await insert(thread(hidden.videoId, "mine"), hidden.tokens.accessToken)).status).toBe(200);
    const off = await insert(thread(kids.videoId, "hi"));
    expect([off.status, reason(off)]).toEqual([403, "commentsDisabled"]);
    expect((await apiError(comment(tokens, input(kids.videoId), ctx.net))).code).toBe("platform_rejected");
    // Connecting needs no channel; commenting does.
    const noChannel = await connectThroughConsent(youtubeAdapter, ctx.net, { handle: "nochannel.fc", verifier: "sandbox-verifier-0123456789-abcdefghijklmnopqrstuvwxyz", pageText: "Sandbox youtube" });
    const refused = await insert(thread(videoId, "hi"), noChannel.tokens.accessToken);
    expect([refused.status, reason(refused)]).toEqual([403, "ineligibleAccount"]);
    const stored = await ctx.store.list<{ videoId: string; text: string }>("youtube", "comment");
    expect(stored.map((c) => c.data.videoId).sort()).toEqual([hidden.videoId, videoId].sort());
  });

  it("Facebook: an unknown post, another page's post, the person's token instead of the page's, an empty message", async () => {
    const b = bench([createFacebookSimulator, createInstagramSimulator]);
    const net = b.net();
    const comment = required(facebookAdapter, "commentOnPost");
    const publish = required(facebookAdapter, "publish");
    const onPage = async (handle: string) => {
      const tokens = await connect(facebookAdapter, net, handle);
      const page = ((await facebookAdapter.targets?.(tokens, net)) ?? []).find((t) => t.name.endsWith("(sandbox page)"));
      if (!page) throw new Error("no sandbox page");
      const post = await publish(tokens, { text: "the page post", media: [], options: {}, destination: page.id, targetId: "tgt_fb" }, net);
      if (post.state !== "published") throw new Error("post not published");
      return { tokens, pageId: page.id, postId: post.networkPostId };
    };
    const me = await onPage("fc.page.one");
    const them = await onPage("fc.page.two");
    const raw = (path: string, form: Record<string, string>) => net.fetch(`https://graph.facebook.com/v25.0/${path}`, { method: "POST", body: new URLSearchParams(form) }).then(wire);

    expect((await apiError(comment(me.tokens, input(`${me.pageId}_999999999`, "hi", me.pageId), net))).code).toBe("platform_rejected");
    // Another page's post, even named as this page's destination, does not exist for this page.
    expect((await apiError(comment(me.tokens, input(them.postId, "hi", me.pageId), net))).code).toBe("platform_rejected");
    expect(await raw(`${me.postId}/comments`, { message: "as the person", access_token: me.tokens.accessToken })).toMatchObject({ status: 400, body: { error: { error_subcode: 33 } } });
    expect(await raw(`${me.postId}/comments`, { message: " ", access_token: me.tokens.accessToken })).toMatchObject({ status: 400 });
    expect((await apiError(comment(me.tokens, input(me.postId, " ", me.pageId), net))).code).toBe("platform_rejected");
    const made = await comment(me.tokens, input(me.postId, "hi", me.pageId), net);
    const stored = await b.deps.store.list<{ postId: string; from: { id: string } }>("facebook", "comment");
    expect(stored.map((c) => [c.id, c.data.postId, c.data.from.id])).toEqual([[made.id, me.postId, me.pageId]]);
  });
});
