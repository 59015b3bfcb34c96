import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { PublishRequest, PublishResult } from "../../src/networks/publish-types.js";
import type { TokenSet } from "../../src/networks/types.js";
import { youtubeAdapter } from "../../src/networks/youtube/adapter.js";
import { youtubeProcessingErrorTable, youtubePublishErrorTable, youtubePublishRows } from "../../src/networks/youtube/errors.js";
import { youtubeTitle } from "../../src/networks/youtube/publish.js";
import { createGooglebusinessSimulator } from "../../src/sandbox/googlebusiness/simulator.js";
import type { SandboxFault } from "../../src/sandbox/types.js";
import { UPLOADS_PER_CHANNEL_PER_DAY, UPLOADS_PER_PROJECT_PER_DAY } from "../../src/sandbox/youtube/videos.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import type { SandboxPlaylist, SandboxVideo } from "../../src/sandbox/youtube/youtube-data.js";
import { checkRequestAgainstDiscovery, findMethod, loadDiscoveryDocument, scopesAllow } from "../support/discovery-request-check.js";
import { apiError as failure, connectThroughConsent, createSandbox, type ErrorFixture, expectFixturesCoverTable, required, type Sandbox, sampleMedia } from "./harness.js";

const specs = fileURLToPath(new URL("../fixtures/specs/", import.meta.url));
const discovery = loadDiscoveryDocument(`${specs}youtube-v3-discovery.json`);

const publish = required(youtubeAdapter, "publish");
const checkPublish = required(youtubeAdapter, "checkPublish");
const findPublished = required(youtubeAdapter, "findPublished");
const deletePost = required(youtubeAdapter, "deletePost");

const config = { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "sandbox-google-secret", redirectUri: "https://chorus.test/v1/connect/callback/youtube" };
const verifier = "sandbox-verifier-0123456789-abcdefghijklmnopqrstuvwxyz";
// 11:00 UTC is 03:00 in Los Angeles: the quota day has 21 hours left.
const setup = () => createSandbox([createGooglebusinessSimulator, createYoutubeSimulator], { start: "2026-11-21T11:00:00.000Z", config, platform: "youtube" });
const connect = async (ctx: Sandbox, handle: string): Promise<TokenSet> => (await connectThroughConsent(youtubeAdapter, ctx.net, { handle, verifier })).tokens;

const request = (input: Partial<PublishRequest> = {}): PublishRequest => ({
  text: "Harbour timelapse\nShot over one morning from the pier.",
  media: [sampleMedia({ kind: "video" })],
  options: {},
  destination: null,
  targetId: "tgt_youtube_1",
  ...input,
});

function processing(result: PublishResult) {
  if (result.state !== "processing") throw new Error(`expected processing, got ${JSON.stringify(result)}`);
  return result;
}

const apiRequests = (ctx: Sandbox) => ctx.requests.filter((r) => new URL(r.url).host === "youtube.googleapis.com" && r.method !== "PUT");

function expectDiscoveryConformance(ctx: Sandbox, tokens: TokenSet): string[] {
  const checks = apiRequests(ctx).map((r) => checkRequestAgainstDiscovery(discovery, r));
  expect(checks.flatMap((c) => c.problems)).toEqual([]);
  for (const id of new Set(checks.map((c) => c.methodId ?? ""))) {
    const method = findMethod(discovery, id);
    expect(method && scopesAllow(method, tokens.scopes), `${id} is allowed by the granted scopes`).toBe(true);
  }
  return checks.map((c) => c.methodId ?? "");
}

describe("youtube publishing against the YouTube simulator", () => {
  it("uploads through a resumable session and follows processing until the video is published", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "sandbox.uploader");
    const video = sampleMedia({ kind: "video", size: 300_000 });
    const result = processing(await publish(tokens, request({ media: [video] }), ctx.net));
    expect(result.networkPostId).toMatch(/^[\w-]{11}$/);
    expect(result).toMatchObject({ url: `https://www.youtube.com/watch?v=${result.networkPostId}`, pollToken: result.networkPostId, pollAfterSeconds: 15 });
    expect(video.readCount).toBe(1);

    const [start, put] = ctx.requests.slice(-2);
    expect(start?.method).toBe("POST");
    const startUrl = new URL(start?.url ?? "");
    expect(`${startUrl.origin}${startUrl.pathname}`).toBe("https://youtube.googleapis.com/upload/youtube/v3/videos");
    expect(Object.fromEntries(startUrl.searchParams)).toEqual({ uploadType: "resumable", part: "snippet,status" });
    expect(start?.headers).toMatchObject({ "content-type": "application/json; charset=UTF-8", "x-upload-content-length": String(video.bytes), "x-upload-content-type": "video/mp4" });
    expect(JSON.parse(start?.body ?? "")).toEqual({
      snippet: { title: "Harbour timelapse", description: "Harbour timelapse\nShot over one morning from the pier." },
      status: { privacyStatus: "public" },
    });
    // The bytes go, whole, to the session URI the POST returned.
    const putUrl = new URL(put?.url ?? "");
    expect(put?.method).toBe("PUT");
    expect(`${putUrl.origin}${putUrl.pathname}`).toBe("https://youtube.googleapis.com/upload/youtube/v3/videos");
    expect(putUrl.searchParams.get("upload_id")).toMatch(/^AUsandbox/);
    expect(put?.headers["content-type"]).toBe("video/mp4");

    expect(await checkPublish(tokens, result.pollToken, ctx.net)).toMatchObject({ state: "processing", networkPostId: result.networkPostId });
    ctx.advance(2000);
    expect(await checkPublish(tokens, result.pollToken, ctx.net)).toEqual({ state: "published", networkPostId: result.networkPostId, url: result.url });
    const status = ctx.requests.at(-1);
    expect(new URL(status?.url ?? "").searchParams.get("part")).toBe("status,processingDetails");
    expect(expectDiscoveryConformance(ctx, tokens)).toEqual(["youtube.videos.insert", "youtube.videos.list", "youtube.videos.list"]);
  });

  it("takes the title from the options or the text's first line, and sends every option where the API wants it", async () => {
    expect(youtubeTitle("\n\n  First real line  \nsecond", {})).toBe("First real line");
    expect(youtubeTitle("x".repeat(150), {})).toHaveLength(100);
    expect(youtubeTitle("Text", { title: "Explicit title" })).toBe("Explicit title");

    const ctx = setup();
    const tokens = await connect(ctx, "sandbox.options");
    const options = {
      title: "Options on parade",
      privacyStatus: "unlisted",
      categoryId: "10",
      tags: ["sandbox", "harbour"],
      madeForKids: false,
      containsSyntheticMedia: true,
      embeddable: false,
      license: "creativeCommon",
      publicStatsViewable: false,
      notifySubscribers: false,
      paidProductPlacement: true,
      defaultLanguage: "en",
      defaultAudioLanguage: "en-GB",
    };
    const result = processing(await publish(tokens, request({ options }), ctx.net));
    const start = ctx.requests.find((r) => r.method === "POST" && r.url.includes("/upload/"));
    expect(Object.fromEntries(new URL(start?.url ?? "").searchParams)).toEqual({ uploadType: "resumable", part: "snippet,status,paidProductPlacementDetails", notifySubscribers: "false" });
    expect(JSON.parse(start?.body ?? "")).toEqual({
      snippet: { title: "Options on parade", description: request().text, tags: ["sandbox", "harbour"], categoryId: "10", defaultLanguage: "en", defaultAudioLanguage: "en-GB" },
      status: { privacyStatus: "unlisted", selfDeclaredMadeForKids: false, containsSyntheticMedia: true, embeddable: false, license: "creativeCommon", publicStatsViewable: false },
      paidProductPlacementDetails: { hasPaidProductPlacement: true },
    });
    const stored = await ctx.store.get<SandboxVideo>("youtube", "video", result.networkPostId ?? "");
    expect(stored?.data).toMatchObject({ snippet: { categoryId: "10", tags: ["sandbox", "harbour"] }, status: { privacyStatus: "unlisted", license: "creativeCommon" } });
    expectDiscoveryConformance(ctx, tokens);
  });

  it("adds the video to the channel's playlist, and refuses a playlist that is not the channel's before uploading", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "sandbox.lists");
    const [playlist] = await ctx.store.list<SandboxPlaylist>("youtube", "playlist");
    const result = processing(await publish(tokens, request({ options: { playlistId: playlist?.id } }), ctx.net));
    expect((await ctx.store.get<SandboxPlaylist>("youtube", "playlist", playlist?.id ?? ""))?.data.videoIds).toEqual([result.networkPostId]);
    expect(expectDiscoveryConformance(ctx, tokens)).toEqual(["youtube.playlists.list", "youtube.videos.insert", "youtube.playlistItems.insert"]);

    const before = ctx.requests.length;
    const refused = await failure(publish(tokens, request({ options: { playlistId: "PLsomeoneelse" } }), ctx.net));
    expect(refused).toMatchObject({ code: "option_invalid", param: "platformOptions.youtube.playlistId" });
    expect(ctx.requests.slice(before).map((r) => new URL(r.url).pathname)).toEqual(["/youtube/v3/playlists"]);
  });

  it("maps YouTube's refusals of the metadata and of the media to spec codes", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "sandbox.refused");
    expect(await failure(publish(tokens, request({ options: { title: "Fish <and> chips" } }), ctx.net))).toMatchObject({ code: "title_invalid", platform: "youtube" });
    expect((await failure(publish(tokens, request({ text: " " }), ctx.net))).code).toBe("title_invalid");
    expect((await failure(publish(tokens, request({ text: "Title\nA description with <b>markup</b>" }), ctx.net))).code).toBe("text_invalid");
    expect((await failure(publish(tokens, request({ options: { categoryId: "99" } }), ctx.net))).code).toBe("option_invalid");
    expect(await failure(publish(tokens, request({ options: { privacyStatus: "friends" } }), ctx.net))).toMatchObject({ code: "option_invalid", param: "platformOptions.youtube.privacyStatus" });
    expect((await failure(publish(tokens, request({ media: [sampleMedia({ kind: "image" })] }), ctx.net))).code).toBe("video_required");
    expect((await failure(publish(tokens, request({ media: [] }), ctx.net))).code).toBe("video_required");

    const nochannel = await connect(ctx, "nochannel-uploader");
    expect((await failure(publish(nochannel, request(), ctx.net))).code).toBe("video_no_channel");
  });

  it("fails a file that is not a video, and rejects the channel's second upload of the same bytes as a duplicate", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "sandbox.processing");
    const notVideo = processing(await publish(tokens, request({ media: [sampleMedia({ kind: "video", bytes: new TextEncoder().encode("this is a text file, not a video") })] }), ctx.net));
    const bytes = Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x6d, 0x70, 0x34, 0x32, 7, 7, 7, 7]);
    const first = processing(await publish(tokens, request({ media: [sampleMedia({ kind: "video", bytes })] }), ctx.net));
    const again = processing(await publish(tokens, request({ media: [sampleMedia({ kind: "video", bytes })] }), ctx.net));
    ctx.advance(2000);
    const failed = await checkPublish(tokens, notVideo.pollToken, ctx.net);
    if (failed.state !== "failed") throw new Error("expected failed");
    expect(failed.error).toMatchObject({ code: "media_unreadable", platform: "youtube" });
    expect(failed.error.message).toContain("invalidFile");
    expect((await checkPublish(tokens, first.pollToken, ctx.net)).state).toBe("published");
    const duplicate = await checkPublish(tokens, again.pollToken, ctx.net);
    expect(duplicate.state === "failed" && duplicate.error.code).toBe("duplicate_post");
  });

  it("spends the project's daily upload bucket and the channel's upload cap, and gets the bucket back after midnight Pacific", async () => {
    const ctx = setup();
    const channels: TokenSet[] = [];
    for (let i = 0; i < 7; i++) channels.push(await connect(ctx, `sandbox.busy${i}`));
    const first = channels[0];
    if (!first) throw new Error("no channel");
    for (let i = 0; i < UPLOADS_PER_CHANNEL_PER_DAY; i++) await publish(first, request(), ctx.net);
    expect(await failure(publish(first, request(), ctx.net))).toMatchObject({ code: "video_upload_limit", retryable: true });

    let uploads = UPLOADS_PER_CHANNEL_PER_DAY;
    for (const channel of channels.slice(1)) {
      for (let i = 0; i < UPLOADS_PER_CHANNEL_PER_DAY && uploads < UPLOADS_PER_PROJECT_PER_DAY; i++, uploads++) await publish(channel, request(), ctx.net);
    }
    const last = channels.at(-1);
    if (!last) throw new Error("no channel");
    expect(await failure(publish(last, request(), ctx.net))).toMatchObject({ code: "quota_exceeded", retryable: true });
    // 08:00 UTC the next day is midnight in Los Angeles: a new quota day.
    ctx.clock.now = new Date("2026-11-22T08:00:00.000Z");
    expect(await failure(publish(last, request(), ctx.net))).toMatchObject({ code: "needs_reauth" });
    const fresh = await youtubeAdapter.refresh(last, ctx.net);
    expect((await publish(fresh, request(), ctx.net)).state).toBe("processing");
  });

  it("answers each account fault with YouTube's own failure while publishing and polling", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "sandbox.faulty");
    const result = processing(await publish(tokens, request(), ctx.net));
    const expected: Array<[SandboxFault, string]> = [
      ["expired_token", "needs_reauth"],
      ["revoked_permission", "missing_scope"],
      ["rate_limited", "rate_limited"],
      ["down", "platform_unavailable"],
    ];
    for (const [fault, code] of expected) {
      await ctx.setFault({ handle: "sandbox.faulty" }, fault);
      expect((await failure(publish(tokens, request(), ctx.net))).code, fault).toBe(code);
      expect((await failure(checkPublish(tokens, result.pollToken, ctx.net))).code, fault).toBe(code);
    }
  });

  it("finds a video whose upload answer was lost in the channel's uploads playlist", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "sandbox.lost");
    const lost = request({ text: "The answer that never came\nbut the video did." });
    await publish(tokens, lost, ctx.net);
    const stored = (await ctx.store.list<SandboxVideo>("youtube", "video")).map((r) => r.data);
    expect(await findPublished(tokens, lost, ctx.net)).toEqual({ networkPostId: stored[0]?.id, url: `https://www.youtube.com/watch?v=${stored[0]?.id}` });
    expect(await findPublished(tokens, { ...lost, text: "Never uploaded" }, ctx.net)).toBeNull();
    expect(await findPublished(tokens, { ...lost, options: { title: "Another title" } }, ctx.net)).toBeNull();
    expect(expectDiscoveryConformance(ctx, tokens)).toEqual([
      "youtube.videos.insert",
      "youtube.channels.list",
      "youtube.playlistItems.list",
      "youtube.channels.list",
      "youtube.playlistItems.list",
      "youtube.channels.list",
      "youtube.playlistItems.list",
    ]);
  });

  it("deletes a video, and treats a video already gone as deleted", async () => {
    const ctx = setup();
    const tokens = await connect(ctx, "sandbox.deleter");
    const result = processing(await publish(tokens, request(), ctx.net));
    const id = result.networkPostId ?? "";
    await deletePost(tokens, id, ctx.net);
    expect(await ctx.store.get("youtube", "video", id)).toBeNull();
    const gone = await checkPublish(tokens, result.pollToken, ctx.net);
    expect(gone.state).toBe("failed");
    await deletePost(tokens, id, ctx.net);
    const other = await connect(ctx, "sandbox.other");
    const theirs = processing(await publish(other, request(), ctx.net));
    expect((await failure(deletePost(tokens, theirs.networkPostId ?? "", ctx.net))).code).toBe("missing_permission");
    expect(expectDiscoveryConformance(ctx, tokens)).toContain("youtube.videos.delete");
  });

  it("maps every publish-time and processing row of the error tables", () => {
    const google = (status: number, reason: string, domain = "youtube.video") => ({
      error: { code: status, message: `sample ${reason}`, errors: [{ message: `sample ${reason}`, domain, reason }], status: "SAMPLE" },
    });
    const publishFixtures: ErrorFixture[] = [
      { status: 404, body: google(404, "playlistNotFound", "youtube.playlistItem"), code: "option_invalid" },
      { status: 403, body: google(403, "playlistItemsNotAccessible", "youtube.playlistItem"), code: "option_invalid" },
      { status: 400, body: google(400, "invalidVideoMetadata"), code: "option_invalid" },
      { status: 403, body: google(403, "forbidden"), code: "missing_permission" },
    ];
    expectFixturesCoverTable({ ...youtubePublishErrorTable, rows: youtubePublishRows }, publishFixtures);
    const processed = (reason: string) => ({ error: { message: `YouTube did not publish the video (${reason}).`, errors: [{ reason }] } });
    const processingFixtures: ErrorFixture[] = [
      ...["conversion", "invalidFile", "emptyFile", "tooSmall", "codec"].map((reason) => ({ status: 200, body: processed(reason), code: "media_unreadable" })),
      { status: 200, body: processed("uploadAborted"), code: "platform_unavailable" },
      { status: 200, body: processed("duplicate"), code: "duplicate_post" },
      { status: 200, body: processed("uploaderAccountSuspended"), code: "missing_permission" },
      { status: 200, body: processed("copyright"), code: "platform_rejected" },
    ];
    expectFixturesCoverTable(youtubeProcessingErrorTable, processingFixtures);
  });
});
