import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Actor, EngageFacet } from "../../src/networks/facets/engage.js";
import type { TokenSet } from "../../src/networks/types.js";
import { youtubeAdapter } from "../../src/networks/youtube/adapter.js";
import { createGooglebusinessSimulator } from "../../src/sandbox/googlebusiness/simulator.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import { checkRequestAgainstDiscovery, findMethod, loadDiscoveryDocument, scopesAllow } from "../support/discovery-request-check.js";
import { apiError, connectThroughConsent, createSandbox, required, type Sandbox, sampleMedia } from "./harness.js";

const specs = fileURLToPath(new URL("../fixtures/specs/", import.meta.url));
const discovery = loadDiscoveryDocument(`${specs}youtube-v3-discovery.json`);
const engage = youtubeAdapter.engage as EngageFacet;
const reads = youtubeAdapter.accountReads ?? {};
const config = { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "sandbox-google-secret", redirectUri: "https://chorus.test/v1/connect/callback/youtube" };
const verifier = "sandbox-verifier-0123456789-abcdefghijklmnopqrstuvwxyz";
const setup = () => createSandbox([createGooglebusinessSimulator, createYoutubeSimulator], { start: "2026-11-21T11:00:00.000Z", config, platform: "youtube" });

function has<F extends object, K extends keyof F>(facet: F, name: K): NonNullable<F[K]> {
  const method = facet[name];
  if (method === undefined || method === null) throw new Error(`the YouTube adapter must implement ${String(name)}`);
  return method as NonNullable<F[K]>;
}

async function connect(ctx: Sandbox, handle: string): Promise<Actor & { tokens: TokenSet; channelId: string }> {
  const { tokens } = await connectThroughConsent(youtubeAdapter, ctx.net, { handle, verifier });
  const me = await youtubeAdapter.identity(tokens, ctx.net);
  return { tokens, networkUserId: me.networkUserId, channelId: me.networkUserId };
}

function expectDiscoveryConformance(ctx: Sandbox, tokens: TokenSet): string[] {
  const checks = ctx.requests.filter((r) => new URL(r.url).host === "youtube.googleapis.com" && r.method !== "PUT").map((r) => checkRequestAgainstDiscovery(discovery, r));
  expect(checks.flatMap((c) => c.problems)).toEqual([]);
  for (const id of new Set(checks.map((c) => c.methodId ?? ""))) {
    const method = findMethod(discovery, id);
    expect(method && scopesAllow(method, tokens.scopes), `${id} is allowed by the granted scopes`).toBe(true);
  }
  return checks.map((c) => c.methodId ?? "");
}

describe("youtube engagement and account reads", () => {
  it("likes a video and subscribes to a channel, idempotently, undoes both, and lists uploads and subscriptions; every request valid against the discovery document", async () => {
    const ctx = setup();
    const creator = await connect(ctx, "sandbox.creator");
    const fan = await connect(ctx, "sandbox.fan");
    const published = await required(youtubeAdapter, "publish")(
      creator.tokens,
      { text: "Harbour timelapse", media: [sampleMedia({ kind: "video" })], options: { title: "Harbour" }, destination: null, targetId: "tgt_yt" },
      ctx.net,
    );
    if (published.state === "failed") throw published.error;
    const videoId = published.networkPostId ?? "";
    expect(engage.parsePost(`https://www.youtube.com/watch?v=${videoId}`)).toBe(videoId);
    expect(engage.parsePost(`https://youtu.be/${videoId}`)).toBe(videoId);
    expect(engage.parseUser(`https://www.youtube.com/channel/${creator.channelId}`)).toEqual({ id: creator.channelId, handle: null });
    expect(engage.parseUser("creator")).toBeNull();

    const setLike = has(engage, "setLike");
    const setFollow = has(engage, "setFollow");
    expect(await setLike(fan, videoId, true, ctx.net)).toEqual({ networkId: videoId, url: `https://www.youtube.com/watch?v=${videoId}` });
    await setLike(fan, videoId, false, ctx.net);
    expect((await apiError(setLike(fan, "AAAAAAAAAAA", true, ctx.net))).code).toBe("engagement_target_not_found");

    await setFollow(fan, { id: creator.channelId, handle: null }, true, ctx.net);
    await setFollow(fan, { id: creator.channelId, handle: null }, true, ctx.net);
    const following = await has(reads, "listFollowing")(fan.tokens, { cursor: null, limit: 10, networkUserId: fan.networkUserId }, ctx.net);
    expect(following.items.map((a) => a.id)).toEqual([creator.channelId]);
    await setFollow(fan, { id: creator.channelId, handle: null }, false, ctx.net);
    expect((await has(reads, "listFollowing")(fan.tokens, { cursor: null, limit: 10, networkUserId: fan.networkUserId }, ctx.net)).items).toEqual([]);

    const posts = await has(reads, "listPosts")(creator.tokens, { cursor: null, limit: 10, networkUserId: creator.networkUserId }, ctx.net);
    expect(posts.items.map((p) => [p.id, p.kind])).toEqual([[videoId, "video"]]);
    expect(reads.listFollowers).toBeUndefined();

    const methods = expectDiscoveryConformance(ctx, fan.tokens);
    expect(methods).toEqual(
      expect.arrayContaining(["youtube.videos.rate", "youtube.subscriptions.list", "youtube.subscriptions.insert", "youtube.subscriptions.delete", "youtube.playlistItems.list"]),
    );
  });
});
