import { describe, expect, it } from "vitest";
import { blueskyAdapter } from "../../src/networks/bluesky/adapter.js";
import { facebookAdapter } from "../../src/networks/facebook/adapter.js";
import type { PublishMedia, PublishRequest } from "../../src/networks/publish-types.js";
import { videoServiceRules } from "../../src/sandbox/bluesky/video-service.js";
import { createFacebookSimulator } from "../../src/sandbox/facebook/simulator.js";
import { mp4 } from "../unit/media-fixtures.js";
import { connected, harnessPerTest } from "./bluesky-harness.js";
import { bench, connect } from "./facebook-helpers.js";
import { apiError, expectProcessing, losing, required, sampleMedia } from "./harness.js";

/**
 * Outcome-unknown recovery for video: the network took the Reel or the Bluesky video post, its
 * answer was lost, and `findPublished` (or the next check) finds it instead of posting it twice.
 */

describe("a lost Facebook Reel", () => {
  const publish = required(facebookAdapter, "publish");
  const findPublished = required(facebookAdapter, "findPublished");
  const reel = (name: string): PublishMedia => ({
    id: `med_${name}`,
    kind: "video",
    mimeType: "video/mp4",
    bytes: 12_000_000,
    width: 1080,
    height: 1920,
    durationSeconds: 30,
    alt: null,
    url: `https://media.chorus.test/${name}.mp4`,
    read: async () => new Uint8Array([1, 2, 3]),
  });

  it("is found among the page's Reels (/video_reels) after the finish call's answer was lost", async () => {
    const b = bench([createFacebookSimulator]);
    const net = b.net();
    const tokens = await connect(facebookAdapter, net, "lost.reel.owner");
    const page = ((await facebookAdapter.targets?.(tokens, net)) ?? []).find((t) => t.name.endsWith("(sandbox page)"));
    const request: PublishRequest = { text: "Harbour at dusk", media: [reel("dusk")], options: { postType: "reel" }, destination: page?.id ?? null, targetId: "tgt_reel" };
    let reelCalls = 0;
    // START answers; the FINISH call reaches Meta, which publishes the Reel, but its answer is lost.
    const lost = losing(net, (url, method) => method === "POST" && url.pathname.endsWith("/video_reels") && ++reelCalls === 2);
    expect(await apiError(publish(tokens, request, lost))).toMatchObject({ code: "platform_unavailable" });
    const found = await findPublished(tokens, request, net);
    expect(found?.networkPostId).toBeTruthy();
    const lookup = b.sent.at(-1);
    expect(lookup?.url.pathname).toBe(`/v26.0/${page?.id}/video_reels`);
    // A feed post of the same text is not taken for the Reel, nor the Reel for a feed post.
    expect(await findPublished(tokens, { ...request, text: "Another reel" }, net)).toBeNull();
  });
});

describe("a lost Bluesky video post", () => {
  const publish = required(blueskyAdapter, "publish");
  const checkPublish = required(blueskyAdapter, "checkPublish");
  const findPublished = required(blueskyAdapter, "findPublished");
  const harness = harnessPerTest();
  const clip = () => sampleMedia({ kind: "video", mimeType: "video/mp4", bytes: mp4(1080, 1920, { duration: 20_000 }), width: 1080, height: 1920, durationSeconds: 20, alt: null });
  const request = (text: string, media: PublishMedia[]): PublishRequest => ({ text, media, options: {}, destination: null, targetId: "tgt_video" });

  it("is not written twice when the record's answer was lost: the next check finds it, and findPublished tells it from a text post", async () => {
    const h = harness();
    const { tokens } = await connected(h);
    const video = clip();
    const first = expectProcessing(await publish(tokens, request("Lost answer", [video]), h.net));
    h.advance(videoServiceRules.processingSeconds * 1000);
    // createRecord reaches the PDS and is written; its answer never comes back.
    const lost = losing(h.net, (url) => url.pathname === "/xrpc/com.atproto.repo.createRecord");
    expect(await apiError(checkPublish(tokens, first.pollToken, lost))).toMatchObject({ code: "platform_unavailable" });
    const writes = () => h.calls.filter((c) => c.url.pathname === "/xrpc/com.atproto.repo.createRecord").length;
    expect(writes()).toBe(1);
    const again = await checkPublish(tokens, first.pollToken, h.net);
    if (again.state !== "published") throw new Error(`expected published, got ${JSON.stringify(again)}`);
    expect(writes()).toBe(1);
    expect(await findPublished(tokens, request("Lost answer", [video]), h.net)).toEqual({ networkPostId: again.networkPostId, url: again.url });
    // The same text without the video is another post: not this one.
    expect(await findPublished(tokens, request("Lost answer", []), h.net)).toBeNull();
  });
});
