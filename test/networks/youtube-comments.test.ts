import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { InboxFacet } from "../../src/networks/facets/inbox.js";
import { youtubeAdapter } from "../../src/networks/youtube/adapter.js";
import { createGooglebusinessSimulator } from "../../src/sandbox/googlebusiness/simulator.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import { type SandboxVideo, channelOf } from "../../src/sandbox/youtube/youtube-data.js";
import { checkRequestAgainstDiscovery, findMethod, loadDiscoveryDocument, scopesAllow } from "../support/discovery-request-check.js";
import { apiError, connectThroughConsent, createSandbox, type Sandbox } from "./harness.js";

const specs = fileURLToPath(new URL("../fixtures/specs/", import.meta.url));
const discovery = loadDiscoveryDocument(`${specs}youtube-v3-discovery.json`);
const config = { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "sandbox-google-secret", redirectUri: "https://chorus.test/v1/connect/callback/youtube" };
const setup = () => createSandbox([createGooglebusinessSimulator, createYoutubeSimulator], { start: "2026-11-21T12:00:00.000Z", config, platform: "youtube" });
const inbox = youtubeAdapter.inbox as Required<InboxFacet>;

/** The channel's account with one processed video, put in the simulator's store as videos.insert leaves it. */
async function channelWithVideo(ctx: Sandbox, handle: string) {
  const { tokens } = await connectThroughConsent(youtubeAdapter, ctx.net, { handle, verifier: "sandbox-verifier-0123456789-abcdefghijklmnopqrstuvwxyz", pageText: "Sandbox youtube" });
  const identity = await youtubeAdapter.identity(tokens, ctx.net);
  const accounts = await ctx.store.list<{ id: string; handle: string }>("youtube", "account");
  const account = accounts.find((a) => a.data.handle === handle)?.data;
  if (!account) throw new Error("no simulated account");
  const deps = { store: ctx.store, now: () => ctx.clock.now, publicUrl: "http://chorus.test", sleep: async () => {} };
  const channel = await channelOf(deps, account.id);
  const video: SandboxVideo = {
    id: "vidSandbox01",
    channelId: channel?.id ?? "",
    accountId: account.id,
    snippet: { title: "Harbour", description: "", categoryId: "22" },
    status: { privacyStatus: "public" },
    uploadedAt: new Date(ctx.clock.now.getTime() - 600_000).toISOString(),
    file: "video",
    duplicateOf: null,
    sha256: "0".repeat(64),
  };
  await ctx.store.put("youtube", "video", video.id, video, account.id);
  return { tokens, channelId: identity.networkUserId, accountId: account.id, videoId: video.id };
}

describe("youtube comments against the simulator", () => {
  it("reads threads and replies, answers, moderates and deletes with requests the discovery document describes", async () => {
    const ctx = setup();
    const { tokens, channelId, accountId, videoId } = await channelWithVideo(ctx, "comment.owner");
    const simulate = ctx.sim().simulateActivity;
    if (!simulate) throw new Error("no simulated activity");
    ctx.advance(1000);
    const made = await simulate({ action: "reply", recipientId: accountId, actorHandle: "viewer.one", subject: videoId, text: "Nice" });
    if (!made.ok) throw new Error(made.reason);
    expect(await simulate({ action: "like", recipientId: accountId, actorHandle: "viewer.one", subject: videoId, text: null })).toEqual({ ok: false, reason: "action_unsupported" });

    const page = await inbox.listComments(tokens, { cursor: null, limit: 20, networkUserId: channelId, networkPostId: videoId, nested: false }, ctx.net);
    expect(page).toEqual({ cursor: null, items: [expect.objectContaining({ id: made.networkId, text: "Nice", parentId: videoId, own: false, hidden: false, replyCount: 0 })] });
    ctx.advance(1000);
    const answer = await inbox.replyToComment(tokens, { commentId: made.networkId, networkUserId: channelId, text: "Thanks" }, ctx.net);
    expect(await inbox.listCommentReplies(tokens, { commentId: made.networkId, networkPostId: videoId, networkUserId: channelId, limit: 20 }, ctx.net)).toEqual([
      expect.objectContaining({ id: answer.id, own: true, parentId: made.networkId }),
    ]);
    const nested = await inbox.listComments(tokens, { cursor: null, limit: 20, networkUserId: channelId, networkPostId: videoId, nested: true }, ctx.net);
    expect(nested.items[0]?.replies?.map((r) => r.id)).toEqual([answer.id]);
    await inbox.hideComment(tokens, { commentId: made.networkId, networkUserId: channelId, hidden: true }, ctx.net);
    await inbox.hideComment(tokens, { commentId: made.networkId, networkUserId: channelId, hidden: false }, ctx.net);
    expect((await apiError(inbox.deleteComment(tokens, { commentId: made.networkId, networkUserId: channelId }, ctx.net))).code).toBe("comment_not_own");
    await inbox.deleteComment(tokens, { commentId: answer.id, networkUserId: channelId }, ctx.net);
    expect((await apiError(inbox.hideComment(tokens, { commentId: answer.id, networkUserId: channelId, hidden: true }, ctx.net))).code).toBe("comment_not_found");

    const calls = ctx.requests.filter((r) => new URL(r.url).host === "youtube.googleapis.com" && /comment/i.test(new URL(r.url).pathname));
    const checks = calls.map((r) => checkRequestAgainstDiscovery(discovery, r));
    expect(checks.flatMap((c) => c.problems)).toEqual([]);
    const methods = [...new Set(checks.map((c) => c.methodId))].sort();
    expect(methods).toEqual(["youtube.commentThreads.list", "youtube.comments.delete", "youtube.comments.insert", "youtube.comments.list", "youtube.comments.setModerationStatus"]);
    for (const id of methods) {
      const method = findMethod(discovery, id ?? "");
      expect(method && scopesAllow(method, tokens.scopes), id ?? "").toBe(true);
    }
  });

  it("answers the sandbox faults with YouTube's errors", async () => {
    const ctx = setup();
    const { tokens, channelId, videoId } = await channelWithVideo(ctx, "faulty.channel");
    await ctx.setFault({ handle: "faulty.channel" }, "rate_limited");
    const page = { cursor: null, limit: 20, networkUserId: channelId, networkPostId: videoId, nested: false };
    expect((await apiError(inbox.listComments(tokens, page, ctx.net))).code).toBe("rate_limited");
    await ctx.setFault({ handle: "faulty.channel" }, "expired_token");
    expect((await apiError(inbox.listComments(tokens, page, ctx.net))).code).toBe("needs_reauth");
  });
});
