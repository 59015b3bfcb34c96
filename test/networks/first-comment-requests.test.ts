import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { facebookAdapter } from "../../src/networks/facebook/adapter.js";
import type { FirstCommentInput } from "../../src/networks/first-comment-types.js";
import { instagramAdapter } from "../../src/networks/instagram/adapter.js";
import type { InstagramDoor } from "../../src/networks/instagram/capabilities.js";
import { twitterAdapter } from "../../src/networks/twitter/adapter.js";
import { youtubeAdapter } from "../../src/networks/youtube/adapter.js";
import { createFacebookSimulator } from "../../src/sandbox/facebook/simulator.js";
import type { SandboxMedia } from "../../src/sandbox/instagram/model.js";
import { createInstagramSimulator } from "../../src/sandbox/instagram/simulator.js";
import { createTwitterSimulator } from "../../src/sandbox/twitter/simulator.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import { checkRequestAgainstDiscovery, findMethod, loadDiscoveryDocument, scopesAllow } from "../support/discovery-request-check.js";
import { graphRequestProblems } from "../support/meta-graph-request-check.js";
import { checkRequestAgainstSpec, findOperation, loadOpenApiSpec } from "../support/openapi-request-check.js";
import { bench, connect } from "./facebook-helpers.js";
import { connectThroughConsent, createSandbox, required } from "./harness.js";
import { youtubeChannelWithVideo } from "./first-comment-setup.js";

/**
 * The first-comment requests each adapter sends, checked against the network's own machine-readable
 * description: X's OpenAPI (createPosts with `reply.in_reply_to_tweet_id`), Meta's Graph node
 * descriptions (IGMedia / IGMediaForIGOnlyAPI / PagePost, POST `comments`) and YouTube's discovery
 * document (commentThreads.insert). Each request is also answered by the simulator.
 */

const input = (networkPostId: string, networkUserId: string, destination: string | null = null): FirstCommentInput => ({
  networkPostId,
  postUrl: null,
  text: "Links in the first comment",
  destination,
  networkUserId,
});

describe("first-comment requests against the official specs", () => {
  it("X: a self-reply is createPosts with reply.in_reply_to_tweet_id, as X's OpenAPI document describes", async () => {
    const spec = loadOpenApiSpec("x-api-v2-openapi.json");
    const ctx = createSandbox([createTwitterSimulator], {
      start: "2026-11-20T10:00:00.000Z",
      config: { clientId: "sandbox-x-client", clientSecret: "sandbox-x-secret", redirectUri: "https://chorus.test/v1/connect/callback/twitter" },
    });
    const { tokens } = await connectThroughConsent(twitterAdapter, ctx.net, { handle: "first_comment_spec" });
    const root = await required(twitterAdapter, "publish")(tokens, { text: "the post", media: [], options: {}, destination: null, targetId: "tgt_x" }, ctx.net);
    if (root.state !== "published") throw new Error("post not published");
    const from = ctx.requests.length;
    const made = await required(twitterAdapter, "commentOnPost")(tokens, input(root.networkPostId, String(tokens.extra.userId ?? "")), ctx.net);
    const sent = ctx.requests.slice(from);
    expect(sent.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(["POST /2/tweets"]);
    const [request] = sent;
    if (!request) throw new Error("nothing sent");
    expect(findOperation(spec, request.method, request.url)?.operation.operationId).toBe("createPosts");
    expect(checkRequestAgainstSpec(spec, request, { scopes: tokens.scopes })).toEqual([]);
    expect(JSON.parse(String(request.body))).toEqual({ text: "Links in the first comment", reply: { in_reply_to_tweet_id: root.networkPostId } });
    expect(made.id).not.toBe(root.networkPostId);
  });

  const doors: ReadonlyArray<readonly [InstagramDoor, string, string]> = [
    ["instagram_login", "graph.instagram.com", "IGMediaForIGOnlyAPI"],
    ["facebook_login", "graph.facebook.com", "IGMedia"],
  ];
  for (const [door, host, node] of doors) {
    it(`Instagram (${door}): POST /{ig-media-id}/comments with message is the ${node} comments edge`, async () => {
      const b = bench([createFacebookSimulator, createInstagramSimulator]);
      const net = b.net();
      const tokens = await connect(instagramAdapter, net, `fc.${door}`, door);
      const igUserId = String(tokens.extra.igUserId);
      await b.deps.store.put<SandboxMedia>(
        "instagram",
        "media",
        "17900000000000011",
        { caption: "A photo", publishedAt: b.deps.now().toISOString(), mediaType: "IMAGE", productType: "FEED" },
        igUserId,
      );
      const from = b.sent.length;
      const made = await required(instagramAdapter, "commentOnPost")(tokens, input("17900000000000011", igUserId), net);
      const sent = b.sent.slice(from);
      expect(sent.map((r) => `${r.method} ${r.url.host}${r.url.pathname.replace(/^\/v[\d.]+/, "")}`)).toEqual([`POST ${host}/17900000000000011/comments`]);
      for (const r of sent) expect(graphRequestProblems(r, node)).toEqual([]);
      expect(made).toEqual({ id: expect.stringMatching(/^\d+$/), url: null });
    });
  }

  it("Facebook: POST /{page-post-id}/comments with message and the page token is the PagePost comments edge", async () => {
    const b = bench([createFacebookSimulator, createInstagramSimulator]);
    const net = b.net();
    const tokens = await connect(facebookAdapter, net, "fc.page");
    const page = ((await facebookAdapter.targets?.(tokens, net)) ?? []).find((t) => t.name.endsWith("(sandbox page)"));
    if (!page) throw new Error("no sandbox page");
    const post = await required(facebookAdapter, "publish")(tokens, { text: "the page post", media: [], options: {}, destination: page.id, targetId: "tgt_fb" }, net);
    if (post.state !== "published") throw new Error(`post not published: ${JSON.stringify(post)}`);
    const from = b.sent.length;
    const made = await required(facebookAdapter, "commentOnPost")(tokens, input(post.networkPostId, String(tokens.extra.userId ?? ""), page.id), net);
    const writes = b.sent.slice(from).filter((r) => r.method === "POST");
    expect(writes.map((r) => r.url.pathname.replace(/^\/v[\d.]+/, ""))).toEqual([`/${post.networkPostId}/comments`]);
    for (const r of writes) expect(graphRequestProblems(r, "PagePost")).toEqual([]);
    // Written with the page's token, not the person's.
    expect(new URLSearchParams(writes[0]?.body).get("access_token")).not.toBe(tokens.accessToken);
    expect(made.id).toMatch(/_/);
  });

  it("YouTube: commentThreads.insert with part=snippet and the CommentThread body the discovery document describes", async () => {
    const discovery = loadDiscoveryDocument(fileURLToPath(new URL("../fixtures/specs/youtube-v3-discovery.json", import.meta.url)));
    const ctx = createSandbox([createYoutubeSimulator], {
      start: "2026-11-21T12:00:00.000Z",
      config: { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "sandbox-google-secret", redirectUri: "https://chorus.test/v1/connect/callback/youtube" },
    });
    const { tokens, channelId, videoId } = await youtubeChannelWithVideo(ctx, "fc.channel");
    const from = ctx.requests.length;
    const made = await required(youtubeAdapter, "commentOnPost")(tokens, input(videoId, channelId), ctx.net);
    const sent = ctx.requests.slice(from);
    const checks = sent.map((r) => checkRequestAgainstDiscovery(discovery, r));
    expect(checks.map((c) => c.methodId)).toEqual(["youtube.commentThreads.insert"]);
    expect(checks.flatMap((c) => c.problems)).toEqual([]);
    const method = findMethod(discovery, "youtube.commentThreads.insert");
    expect(method && scopesAllow(method, tokens.scopes)).toBe(true);
    expect(made.url).toBe(`https://www.youtube.com/watch?v=${videoId}&lc=${made.id}`);
  });
});
