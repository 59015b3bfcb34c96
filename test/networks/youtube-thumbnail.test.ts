import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { PublishRequest, PublishResult } from "../../src/networks/publish-types.js";
import type { TokenSet } from "../../src/networks/types.js";
import { youtubeAdapter } from "../../src/networks/youtube/adapter.js";
import { youtubeThumbnailMaxBytes } from "../../src/networks/youtube/capabilities.js";
import { createGooglebusinessSimulator } from "../../src/sandbox/googlebusiness/simulator.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import type { SandboxVideo } from "../../src/sandbox/youtube/youtube-data.js";
import { checkRequestAgainstDiscovery, findMethod, loadDiscoveryDocument, scopesAllow } from "../support/discovery-request-check.js";
import { connectThroughConsent, createSandbox, required, type Sandbox, sampleMedia, wireAnswer } from "./harness.js";

/**
 * The `thumbnail` option of YouTube publishing: thumbnails.set right after the upload, checked
 * against the discovery document, and the simulator refusing what YouTube refuses.
 */

const specs = fileURLToPath(new URL("../fixtures/specs/", import.meta.url));
const discovery = loadDiscoveryDocument(`${specs}youtube-v3-discovery.json`);
const publish = required(youtubeAdapter, "publish");

const config = { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "sandbox-google-secret", redirectUri: "https://chorus.test/v1/connect/callback/youtube" };
const setup = () => createSandbox([createGooglebusinessSimulator, createYoutubeSimulator], { start: "2026-11-21T11:00:00.000Z", config, platform: "youtube" });
const connect = async (ctx: Sandbox, handle: string): Promise<TokenSet> => (await connectThroughConsent(youtubeAdapter, ctx.net, { handle })).tokens;

const request = (input: Partial<PublishRequest> = {}): PublishRequest => ({
  text: "Harbour timelapse\nShot over one morning from the pier.",
  media: [sampleMedia({ kind: "video" })],
  options: {},
  destination: null,
  targetId: "tgt_youtube_thumb",
  ...input,
});

function processing(result: PublishResult) {
  if (result.state !== "processing") throw new Error(`expected processing, got ${JSON.stringify(result)}`);
  return result;
}

/** Every API call fits the discovery document and is allowed by the granted scopes; returns the method ids. */
function expectDiscoveryConformance(ctx: Sandbox, tokens: TokenSet): string[] {
  const checks = ctx.requests.filter((r) => new URL(r.url).host === "youtube.googleapis.com" && r.method !== "PUT").map((r) => checkRequestAgainstDiscovery(discovery, r));
  expect(checks.flatMap((c) => c.problems)).toEqual([]);
  for (const id of new Set(checks.map((c) => c.methodId ?? ""))) {
    const method = findMethod(discovery, id);
    expect(method && scopesAllow(method, tokens.scopes), `${id} is allowed by the granted scopes`).toBe(true);
  }
  return checks.map((c) => c.methodId ?? "");
}

describe("youtube thumbnails against the YouTube simulator", () => {
  it("sets the custom thumbnail with thumbnails.set after the upload, as the discovery document describes", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "sandbox.thumbs");
    const image = sampleMedia({ kind: "image", mimeType: "image/png", size: 50_000 });
    const result = processing(await publish(tokens, request({ attachments: { thumbnail: image } }), ctx.net));
    expect(result.warnings).toBeUndefined();
    expect(image.readCount).toBe(1);
    const set = ctx.requests.at(-1);
    const url = new URL(set?.url ?? "");
    expect(`${set?.method} ${url.origin}${url.pathname}`).toBe("POST https://youtube.googleapis.com/upload/youtube/v3/thumbnails/set");
    expect(Object.fromEntries(url.searchParams)).toEqual({ videoId: result.networkPostId, uploadType: "media" });
    expect(set?.headers["content-type"]).toBe("image/png");
    expect(expectDiscoveryConformance(ctx, tokens)).toContain("youtube.thumbnails.set");
    const method = findMethod(discovery, "youtube.thumbnails.set");
    expect(method?.mediaUpload?.accept).toEqual(expect.arrayContaining(["image/jpeg", "image/png"]));
    expect(Number(method?.mediaUpload?.maxSize)).toBe(youtubeThumbnailMaxBytes);
    // The video now shows the custom thumbnail.
    const stored = await ctx.store.get<SandboxVideo>("youtube", "video", result.networkPostId ?? "");
    expect(stored?.data.customThumbnails?.maxres?.url).toMatch(/custom-/);
  });

  it("publishes the video with a warning when YouTube refuses the thumbnail, and refuses what YouTube refuses", async () => {
    const ctx = setup();
    const unverified = await connect(ctx, "unverified.channel");
    const result = processing(await publish(unverified, request({ attachments: { thumbnail: sampleMedia({ kind: "image" }) } }), ctx.net));
    expect(result.networkPostId).toMatch(/^[\w-]{11}$/);
    expect(result.warnings?.map((w) => [w.code, w.param, w.retryable])).toEqual([["video_thumbnail_not_set", "platformOptions.youtube.thumbnail", false]]);
    expect(result.warnings?.[0]?.message).toContain("doesn't have permissions to upload and set custom video thumbnails");
    expect(result.warnings?.[0]?.fix).toContain("youtube.com/verify");

    const tokens = await connect(ctx, "sandbox.refusals");
    const uploaded = processing(await publish(tokens, request(), ctx.net)).networkPostId ?? "";
    const set = (type: string, bytes: Uint8Array) =>
      ctx.sandboxFetch(`https://youtube.googleapis.com/upload/youtube/v3/thumbnails/set?videoId=${uploaded}&uploadType=media`, {
        method: "POST",
        headers: { authorization: `Bearer ${tokens.accessToken}`, "content-type": type },
        body: bytes.slice(),
      });
    const reason = async (response: Response) => {
      const { status, body } = await wireAnswer<{ error: { errors: Array<{ reason: string }> } }>(response);
      return [status, body.error.errors[0]?.reason];
    };
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
    expect(await reason(await set("image/gif", Uint8Array.from([0x47, 0x49, 0x46, 0x38])))).toEqual([400, "badContent"]);
    expect(await reason(await set("image/jpeg", new Uint8Array()))).toEqual([400, "mediaBodyRequired"]);
    expect(await reason(await set("image/jpeg", Uint8Array.from([1, 2, 3, 4])))).toEqual([400, "invalidImage"]);
    const big = new Uint8Array(youtubeThumbnailMaxBytes + 1);
    big.set(jpeg);
    expect(await reason(await set("image/jpeg", big))).toEqual([413, "uploadTooLarge"]);
    expect((await set("image/jpeg", jpeg)).status).toBe(200);
  });
});
