import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { PostSearchQuery } from "../../src/networks/facets/discover.js";
import { youtubeAdapter } from "../../src/networks/youtube/adapter.js";
import { createGooglebusinessSimulator } from "../../src/sandbox/googlebusiness/simulator.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import type { SandboxChannel, SandboxVideo } from "../../src/sandbox/youtube/youtube-data.js";
import { checkRequestAgainstDiscovery, findMethod, loadDiscoveryDocument, scopesAllow } from "../support/discovery-request-check.js";
import { discoverMethod } from "./discover-helpers.js";
import { apiError, connectThroughConsent, createSandbox, type Sandbox } from "./harness.js";

const specs = fileURLToPath(new URL("../fixtures/specs/", import.meta.url));
const discovery = loadDiscoveryDocument(`${specs}youtube-v3-discovery.json`);
const searchPosts = discoverMethod(youtubeAdapter, "searchPosts");
const lookupProfile = discoverMethod(youtubeAdapter, "lookupProfile");

const config = { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "sandbox-google-secret", redirectUri: "https://chorus.test/v1/connect/callback/youtube" };
const setup = () => createSandbox([createGooglebusinessSimulator, createYoutubeSimulator], { start: "2026-11-21T12:00:00.000Z", config, platform: "youtube" });
const connect = async (ctx: Sandbox, handle: string) =>
  (await connectThroughConsent(youtubeAdapter, ctx.net, { handle, verifier: "sandbox-verifier-0123456789-abcdefghijklmnopqrstuvwxyz", pageText: "Sandbox youtube" })).tokens;

/** A public, processed video on `handle`'s channel, as the world's other creators upload them. */
async function video(ctx: Sandbox, handle: string, title: string, privacy: SandboxVideo["status"]["privacyStatus"] = "public"): Promise<string> {
  ctx.advance(60_000);
  const channel = (await ctx.store.list<SandboxChannel>("youtube", "channel")).find((r) => r.data.customUrl === `@${handle}`)?.data;
  if (!channel) throw new Error(`no channel @${handle}`);
  const id = `vid${Math.random().toString(36).slice(2, 10)}`;
  const record: SandboxVideo = {
    id,
    channelId: channel.id,
    accountId: channel.accountId,
    snippet: { title, description: "", categoryId: "22" },
    status: { privacyStatus: privacy },
    uploadedAt: ctx.clock.now.toISOString(),
    file: "video",
    duplicateOf: null,
    sha256: id,
  };
  await ctx.store.put("youtube", "video", id, record, channel.accountId);
  return id;
}

const query = (q: string, extra: Partial<PostSearchQuery> = {}): PostSearchQuery => ({ q, mode: "keyword", sort: "recent", ...extra });

describe("YouTube discovery", () => {
  it("searches public videos with search.list and reads channels by handle, each request valid against the discovery document", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "searcher");
    await connect(ctx, "baker");
    const first = await video(ctx, "baker", "Sourdough basics");
    const second = await video(ctx, "baker", "Sourdough shaping");
    await video(ctx, "baker", "Sourdough secrets", "private");
    await video(ctx, "baker", "Croissants");

    const found = await searchPosts(tokens, query("sourdough"), { cursor: null, limit: 10, networkUserId: "" }, ctx.net);
    expect(found.items.map((p) => p.id)).toEqual([second, first]);
    expect(found.items[0]).toMatchObject({ mediaType: "video", url: `https://www.youtube.com/watch?v=${second}`, likeCount: null, replyCount: null, authorHidden: false });
    const byAuthor = await searchPosts(tokens, query("sourdough", { author: "baker" }), { cursor: null, limit: 1, networkUserId: "" }, ctx.net);
    expect(byAuthor.items.map((p) => p.id)).toEqual([second]);
    const next = await searchPosts(tokens, query("sourdough", { author: "baker" }), { cursor: byAuthor.cursor, limit: 1, networkUserId: "" }, ctx.net);
    expect(next.items.map((p) => p.id)).toEqual([first]);
    expect((await searchPosts(tokens, query("sourdough", { mediaType: "image" }), { cursor: null, limit: 10, networkUserId: "" }, ctx.net)).items).toEqual([]);

    const profile = await lookupProfile(tokens, "baker", { networkUserId: "" }, ctx.net);
    expect(profile).toMatchObject({ handle: "baker", postsCount: 3, followersCount: expect.any(Number), followingCount: null, url: "https://www.youtube.com/@baker" });
    expect((await apiError(lookupProfile(tokens, "nobody", { networkUserId: "" }, ctx.net))).code).toBe("handle_not_found");

    const calls = ctx.requests.filter((r) => new URL(r.url).pathname.endsWith("/search") || (new URL(r.url).pathname.endsWith("/channels") && new URL(r.url).searchParams.has("forHandle")));
    const checks = calls.map((r) => checkRequestAgainstDiscovery(discovery, r));
    expect(checks.flatMap((c) => c.problems)).toEqual([]);
    expect(new Set(checks.map((c) => c.methodId))).toEqual(new Set(["youtube.search.list", "youtube.channels.list"]));
    for (const id of ["youtube.search.list", "youtube.channels.list"]) {
      const method = findMethod(discovery, id);
      expect(method && scopesAllow(method, tokens.scopes), id).toBe(true);
    }
  });
});
