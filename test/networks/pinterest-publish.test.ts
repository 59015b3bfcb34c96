import { describe, expect, it } from "vitest";
import { pinterestAdapter } from "../../src/networks/pinterest/adapter.js";
import { pinterestPublishErrorTable, pinterestPublishRows, pinterestUploadErrorTable } from "../../src/networks/pinterest/errors.js";
import type { PublishRequest, PublishResult } from "../../src/networks/publish-types.js";
import type { TokenSet } from "../../src/networks/types.js";
import type { SandboxMediaUpload } from "../../src/sandbox/pinterest/pins.js";
import { createPinterestSimulator } from "../../src/sandbox/pinterest/simulator.js";
import type { SandboxBoard } from "../../src/sandbox/pinterest/boards.js";
import type { SandboxFault } from "../../src/sandbox/types.js";
import { checkRequestAgainstSpec, findOperation, loadOpenApiSpec } from "../support/openapi-request-check.js";
import { apiError as failure, connectThroughConsent, createSandbox, type ErrorFixture, expectFixturesCoverTable, required, type Sandbox, sampleMedia } from "./harness.js";

const spec = loadOpenApiSpec("pinterest-v5-openapi.json");

const publish = required(pinterestAdapter, "publish");
const checkPublish = required(pinterestAdapter, "checkPublish");
const findPublished = required(pinterestAdapter, "findPublished");
const deletePost = required(pinterestAdapter, "deletePost");
const targets = required(pinterestAdapter, "targets");

const config = { clientId: "1500000", clientSecret: "sandbox-pin-secret", redirectUri: "https://chorus.test/v1/connect/callback/pinterest" };
const setup = () => createSandbox([createPinterestSimulator], { start: "2026-11-21T10:00:00.000Z", config });

async function connect(ctx: Sandbox, handle: string): Promise<{ tokens: TokenSet; board: string }> {
  const { tokens } = await connectThroughConsent(pinterestAdapter, ctx.net, { handle, browser: ctx.sandboxFetch });
  const boards = await targets(tokens, ctx.net);
  const board = boards.find((b) => b.name === "Sandbox recipes")?.id;
  if (!board) throw new Error("no board");
  return { tokens, board };
}

const request = (board: string | null, input: Partial<PublishRequest> = {}): PublishRequest => ({
  text: "Lemon tart, the short way",
  media: [sampleMedia({ kind: "image" })],
  options: {},
  destination: board,
  targetId: "tgt_pinterest_1",
  ...input,
});

function published(result: PublishResult) {
  if (result.state !== "published") throw new Error(`expected published, got ${JSON.stringify(result)}`);
  return result;
}
function processing(result: PublishResult) {
  if (result.state !== "processing") throw new Error(`expected processing, got ${JSON.stringify(result)}`);
  return result;
}

const apiCalls = (ctx: Sandbox) => ctx.requests.filter((r) => new URL(r.url).host === "api.pinterest.com" && !r.url.endsWith("/oauth/token"));
const lastBody = (ctx: Sandbox, method: string, path: string) =>
  JSON.parse([...ctx.requests].reverse().find((r) => r.method === method && new URL(r.url).pathname === path)?.body ?? "null") as unknown;

function expectSpecConformance(ctx: Sandbox, tokens: TokenSet): string[] {
  const calls = apiCalls(ctx);
  for (const call of calls) expect(checkRequestAgainstSpec(spec, call, { scopes: tokens.scopes })).toEqual([]);
  return calls.map((r) => `${r.method} ${findOperation(spec, r.method, r.url)?.operation.operationId ?? "?"}`);
}

describe("pinterest publishing against the Pinterest simulator", () => {
  it("creates an image Pin from the media URL, synchronously", async () => {
    const ctx = setup();
    const { tokens, board } = await connect(ctx, "sandbox_baker");
    const image = sampleMedia({ kind: "image", alt: "A lemon tart on a blue plate" });
    const pin = published(await publish(tokens, request(board, { media: [image], options: { title: "Lemon tart", link: "https://example.com/tart" } }), ctx.net));
    expect(pin.networkPostId).toMatch(/^\d+$/);
    expect(pin.url).toBe(`https://www.pinterest.com/pin/${pin.networkPostId}/`);
    expect(lastBody(ctx, "POST", "/v5/pins")).toEqual({
      board_id: board,
      title: "Lemon tart",
      description: "Lemon tart, the short way",
      link: "https://example.com/tart",
      alt_text: "A lemon tart on a blue plate",
      media_source: { source_type: "image_url", url: image.url },
    });
    expect(image.readCount).toBe(0);
    expect(expectSpecConformance(ctx, tokens)).toEqual(["GET boards/list", "POST pins/create"]);
  });

  it("creates a carousel from 2 to 5 images, and takes the board, alt text and colour from the options", async () => {
    const ctx = setup();
    const { tokens, board } = await connect(ctx, "sandbox_carousel");
    const photos = [sampleMedia({ kind: "image" }), sampleMedia({ kind: "image", mimeType: "image/png" }), sampleMedia({ kind: "image" })];
    const options = { boardId: board, altText: "Three tarts", dominantColor: "#E8D3DB", adAccountId: "549755885175" };
    published(await publish(tokens, request(null, { media: photos, options }), ctx.net));
    expect(lastBody(ctx, "POST", "/v5/pins")).toEqual({
      board_id: board,
      description: "Lemon tart, the short way",
      alt_text: "Three tarts",
      dominant_color: "#E8D3DB",
      media_source: { source_type: "multiple_image_urls", items: photos.map((p) => ({ url: p.url })) },
    });
    const create = ctx.requests.at(-1);
    expect(new URL(create?.url ?? "").searchParams.get("ad_account_id")).toBe("549755885175");
    expectSpecConformance(ctx, tokens);
  });

  it("uploads a video to the S3 bucket POST /v5/media names, and creates the Pin once the media has succeeded", async () => {
    const ctx = setup();
    const { tokens, board } = await connect(ctx, "sandbox_video");
    const video = sampleMedia({ kind: "video" });
    const result = processing(await publish(tokens, request(board, { media: [video], options: { title: "Tart in 15 s" } }), ctx.net));
    expect(result).toMatchObject({ networkPostId: null, url: null, pollAfterSeconds: 5 });
    expect(video.readCount).toBe(1);
    expect(lastBody(ctx, "POST", "/v5/media")).toEqual({ media_type: "video" });

    // The form goes to S3 without a bearer token: every policy field, then the file last.
    const upload = ctx.requests.find((r) => new URL(r.url).host === "pinterest-media-upload.s3-accelerate.amazonaws.com");
    expect(upload?.method).toBe("POST");
    expect(upload?.headers.authorization).toBeUndefined();
    expect(upload?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    const fieldOrder = [...(upload?.body ?? "").matchAll(/form-data; name="([^"]+)"/g)].map((m) => m[1]);
    expect(fieldOrder.at(-1)).toBe("file");
    expect(fieldOrder.slice(0, -1).sort()).toEqual(["Content-Type", "key", "policy", "x-amz-algorithm", "x-amz-credential", "x-amz-date", "x-amz-security-token", "x-amz-signature"]);

    expect(await checkPublish(tokens, result.pollToken, ctx.net)).toMatchObject({ state: "processing" });
    expect(ctx.requests.filter((r) => r.method === "POST" && r.url.endsWith("/v5/pins"))).toHaveLength(0);
    ctx.advance(2000);
    const pin = published(await checkPublish(tokens, result.pollToken, ctx.net));
    const [media] = await ctx.store.list<SandboxMediaUpload>("pinterest", "media");
    expect(lastBody(ctx, "POST", "/v5/pins")).toEqual({
      board_id: board,
      title: "Tart in 15 s",
      description: "Lemon tart, the short way",
      media_source: { source_type: "video_id", media_id: media?.id, cover_image_key_frame_time: 1 },
    });
    expect(pin.url).toBe(`https://www.pinterest.com/pin/${pin.networkPostId}/`);
    expect(expectSpecConformance(ctx, tokens)).toEqual(["GET boards/list", "POST media/create", "GET media/get", "GET media/get", "POST pins/create"]);
  });

  it("maps Pinterest's refusals: no board, a board that is gone, an image it cannot fetch, a file that is not a video", async () => {
    const ctx = setup();
    const { tokens, board } = await connect(ctx, "sandbox_refused");
    const noBoard = await failure(publish(tokens, request(null), ctx.net));
    expect(noBoard).toMatchObject({ code: "pin_board_missing", param: "platformOptions.pinterest.boardId" });
    expect((await failure(publish(tokens, request("123456789012345678"), ctx.net))).code).toBe("pin_board_missing");
    expect(await failure(publish(tokens, request(board, { media: [sampleMedia({ kind: "image", url: "ftp://files.example.com/tart.jpg" })] }), ctx.net))).toMatchObject({
      code: "media_unreadable",
      platform: "pinterest",
      message: "pinterest: Sorry we could not fetch the image.",
    });
    expect((await failure(publish(tokens, request(board, { media: [sampleMedia({ kind: "video" }), sampleMedia({ kind: "image" })] }), ctx.net))).code).toBe("video_not_supported");
    expect((await failure(publish(tokens, request(board, { media: [] }), ctx.net))).code).toBe("media_required");
    expect((await failure(publish(tokens, request(board, { options: { coverImageKeyFrameTime: -1 } }), ctx.net))).code).toBe("option_invalid");

    const notVideo = processing(await publish(tokens, request(board, { media: [sampleMedia({ kind: "video", bytes: new TextEncoder().encode("not a video at all") })] }), ctx.net));
    const coverless = processing(await publish(tokens, request(board, { media: [sampleMedia({ kind: "video" })], options: { coverImageUrl: "ftp://covers.example.com/c.jpg" } }), ctx.net));
    const orphan = processing(await publish(tokens, request(board, { media: [sampleMedia({ kind: "video" })] }), ctx.net));
    ctx.advance(2000);
    expect(await checkPublish(tokens, notVideo.pollToken, ctx.net)).toMatchObject({ state: "failed", error: { code: "media_unreadable" } });
    expect(await checkPublish(tokens, coverless.pollToken, ctx.net)).toMatchObject({ state: "failed", error: { code: "media_unreadable" } });
    // The board was deleted while the video processed: the Pin cannot be made.
    await ctx.store.delete("pinterest", "board", board);
    expect(await checkPublish(tokens, orphan.pollToken, ctx.net)).toMatchObject({ state: "failed", error: { code: "pin_board_missing" } });
  });

  it("answers each account fault with Pinterest's own failure while publishing and polling", async () => {
    const ctx = setup();
    const { tokens, board } = await connect(ctx, "sandbox_faulty");
    const id = (await pinterestAdapter.identity(tokens, ctx.net)).networkUserId;
    const video = processing(await publish(tokens, request(board, { media: [sampleMedia({ kind: "video" })] }), ctx.net));
    const expected: Array<[SandboxFault, string]> = [
      ["expired_token", "needs_reauth"],
      ["revoked_permission", "missing_scope"],
      ["rate_limited", "rate_limited"],
      ["down", "platform_unavailable"],
    ];
    for (const [fault, code] of expected) {
      await ctx.setFault(id, fault);
      expect((await failure(publish(tokens, request(board), ctx.net))).code, fault).toBe(code);
      expect((await failure(checkPublish(tokens, video.pollToken, ctx.net))).code, fault).toBe(code);
    }
    await ctx.setFault(id, null);
    ctx.advance(2000);
    // An outage while creating the video Pin stays an error, so the poller asks again.
    const flaky = {
      ...ctx.net,
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => (new Request(input, init).method === "POST" ? new Response("upstream", { status: 502 }) : ctx.net.fetch(input, init)),
    };
    expect((await failure(checkPublish(tokens, video.pollToken, flaky))).code).toBe("platform_unavailable");
    expect((await checkPublish(tokens, video.pollToken, ctx.net)).state).toBe("published");
  });

  it("finds a Pin whose answer was lost on its board, and deletes Pins (a Pin already gone counts as deleted)", async () => {
    const ctx = setup();
    const { tokens, board } = await connect(ctx, "sandbox_finder");
    const lost = request(board, { text: "A Pin whose answer was lost", options: { title: "Lost" } });
    const pin = published(await publish(tokens, lost, ctx.net));
    expect(await findPublished(tokens, lost, ctx.net)).toEqual({ networkPostId: pin.networkPostId, url: pin.url });
    expect(await findPublished(tokens, { ...lost, options: { title: "Other" } }, ctx.net)).toBeNull();
    expect(await findPublished(tokens, { ...lost, text: "Never pinned" }, ctx.net)).toBeNull();

    await deletePost(tokens, pin.networkPostId, ctx.net);
    expect(await findPublished(tokens, lost, ctx.net)).toBeNull();
    await deletePost(tokens, pin.networkPostId, ctx.net);
    const other = await connect(ctx, "sandbox_other");
    const theirs = published(await publish(other.tokens, request(other.board), ctx.net));
    expect((await failure(deletePost(tokens, theirs.networkPostId, ctx.net))).code).toBe("pin_board_missing");
    const boardRecord = await ctx.store.get<SandboxBoard>("pinterest", "board", board);
    expect(boardRecord?.data.pin_count).toBe(1);
    expect(expectSpecConformance(ctx, tokens)).toEqual(expect.arrayContaining(["GET boards/list_pins", "DELETE pins/delete"]));
  });

  it("maps every publish-time row, and the S3 upload's refusals", () => {
    const fixtures: ErrorFixture[] = [
      { status: 400, body: { code: 1, message: "Sorry we could not fetch the image." }, code: "media_unreadable" },
      { status: 400, body: { code: 1, message: "Sorry! This site doesn't allow you to save Pins." }, code: "pin_site_blocked" },
      { status: 403, body: { code: 1, message: "Your image is too small. Please choose a larger image and try again." }, code: "image_too_small" },
    ];
    expectFixturesCoverTable({ ...pinterestPublishErrorTable, rows: pinterestPublishRows }, fixtures);
    const s3 = (code: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>sample ${code}</Message></Error>`;
    expectFixturesCoverTable(pinterestUploadErrorTable, [
      { status: 400, body: s3("EntityTooLarge"), code: "media_too_large" },
      { status: 403, body: s3("AccessDenied"), code: "platform_unavailable" },
    ]);
  });
});
