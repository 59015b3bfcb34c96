import { describe, expect, it } from "vitest";
import { googleBusinessAdapter } from "../../src/networks/googlebusiness/adapter.js";
import { googleBusinessPublishErrorTable, googleBusinessPublishRows } from "../../src/networks/googlebusiness/errors.js";
import { classifyFailure } from "../../src/networks/http.js";
import type { PublishRequest, PublishResult } from "../../src/networks/publish-types.js";
import type { TokenSet } from "../../src/networks/types.js";
import type { SandboxLocation } from "../../src/sandbox/googlebusiness/business-data.js";
import { rejectSandboxLocalPost } from "../../src/sandbox/googlebusiness/local-posts.js";
import { createGooglebusinessSimulator } from "../../src/sandbox/googlebusiness/simulator.js";
import type { SandboxFault } from "../../src/sandbox/types.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import { apiError as failure, connectThroughConsent, createSandbox, type ErrorFixture, expectFixturesCoverTable, required, type Sandbox, sampleMedia } from "./harness.js";

const publish = required(googleBusinessAdapter, "publish");
const checkPublish = required(googleBusinessAdapter, "checkPublish");
const findPublished = required(googleBusinessAdapter, "findPublished");
const deletePost = required(googleBusinessAdapter, "deletePost");
const targets = required(googleBusinessAdapter, "targets");

const config = { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "sandbox-google-secret", redirectUri: "https://chorus.test/v1/connect/callback" };
const verifier = "sandbox-verifier-gbp-0123456789-abcdefghijklmnopqrstuvwxyz";
const setup = () => createSandbox([createYoutubeSimulator, createGooglebusinessSimulator], { start: "2026-11-21T12:00:00.000Z", config, platform: "googlebusiness" });

async function connect(ctx: Sandbox, handle: string): Promise<{ tokens: TokenSet; locations: string[] }> {
  const { tokens } = await connectThroughConsent(googleBusinessAdapter, ctx.net, { handle, verifier });
  return { tokens, locations: (await targets(tokens, ctx.net)).map((t) => t.id) };
}

const request = (destination: string | null, input: Partial<PublishRequest> = {}): PublishRequest => ({
  text: "Fresh sourdough every morning from 7.",
  media: [],
  options: {},
  destination,
  targetId: "tgt_gbp_1",
  ...input,
});

function processing(result: PublishResult) {
  if (result.state !== "processing") throw new Error(`expected processing, got ${JSON.stringify(result)}`);
  return result;
}

const postsCalls = (ctx: Sandbox) => ctx.requests.filter((r) => new URL(r.url).host === "mybusiness.googleapis.com");
const lastCreate = (ctx: Sandbox) => JSON.parse([...postsCalls(ctx)].reverse().find((r) => r.method === "POST")?.body ?? "null") as unknown;

describe("googlebusiness publishing against the Business Profile simulator", () => {
  it("publishes a standard text post that goes LIVE at once", async () => {
    const ctx = setup();
    const { tokens, locations } = await connect(ctx, "baker");
    const location = locations[1] ?? "";
    const result = await publish(tokens, request(location), ctx.net);
    if (result.state !== "published") throw new Error("expected published");
    expect(result.networkPostId).toMatch(new RegExp(`^${location}/localPosts/\\d+$`));
    expect(result.url).toMatch(/^https:\/\/sandbox\.chorus\.invalid\/maps\/\d+\/posts\/\d+$/);
    const [call] = postsCalls(ctx);
    expect(call?.method).toBe("POST");
    expect(call?.url).toBe(`https://mybusiness.googleapis.com/v4/${location}/localPosts`);
    expect(call?.headers).toMatchObject({ authorization: `Bearer ${tokens.accessToken}`, "content-type": "application/json; charset=UTF-8" });
    expect(JSON.parse(call?.body ?? "")).toEqual({ summary: "Fresh sourdough every morning from 7.", topicType: "STANDARD" });
  });

  it("publishes a photo post by its public URL: PROCESSING, then LIVE", async () => {
    const ctx = setup();
    const { tokens, locations } = await connect(ctx, "photographer");
    const photo = sampleMedia({ kind: "image" });
    const result = processing(
      await publish(tokens, request(locations[0] ?? "", { media: [photo], options: { languageCode: "en-GB", callToActionType: "ORDER", callToActionUrl: "https://bakery.example/order" } }), ctx.net),
    );
    expect(result).toMatchObject({ pollToken: result.networkPostId, pollAfterSeconds: 5, url: null });
    expect(lastCreate(ctx)).toEqual({
      languageCode: "en-GB",
      summary: "Fresh sourdough every morning from 7.",
      topicType: "STANDARD",
      callToAction: { actionType: "ORDER", url: "https://bakery.example/order" },
      media: [{ mediaFormat: "PHOTO", sourceUrl: photo.url }],
    });
    expect(photo.readCount).toBe(0);
    expect(await checkPublish(tokens, result.pollToken, ctx.net)).toMatchObject({ state: "processing" });
    ctx.advance(2000);
    const live = await checkPublish(tokens, result.pollToken, ctx.net);
    expect(live).toMatchObject({ state: "published", networkPostId: result.networkPostId, url: expect.stringMatching(/^https:\/\/sandbox\.chorus\.invalid\/maps\//) });
    const poll = postsCalls(ctx).at(-1);
    expect(poll?.method).toBe("GET");
    expect(poll?.url).toBe(`https://mybusiness.googleapis.com/v4/${result.pollToken}`);
  });

  it("builds EVENT and OFFER posts with the schedule in the location's local time, and CALL buttons without a URL", async () => {
    const ctx = setup();
    const { tokens, locations } = await connect(ctx, "events");
    const location = locations[0] ?? "";
    const event = { topicType: "EVENT", eventTitle: "Bread class", eventStart: "2026-12-05T10:30", eventEnd: "2026-12-05", callToActionType: "CALL" };
    expect((await publish(tokens, request(location, { options: event }), ctx.net)).state).toBe("published");
    expect(lastCreate(ctx)).toEqual({
      summary: "Fresh sourdough every morning from 7.",
      topicType: "EVENT",
      callToAction: { actionType: "CALL" },
      event: {
        title: "Bread class",
        schedule: { startDate: { year: 2026, month: 12, day: 5 }, startTime: { hours: 10, minutes: 30, seconds: 0, nanos: 0 }, endDate: { year: 2026, month: 12, day: 5 } },
      },
    });
    const offer = {
      topicType: "OFFER",
      eventTitle: "Two for one",
      eventStart: "2026-12-01",
      eventEnd: "2026-12-24T18:00:00+01:00",
      offerCouponCode: "BREAD2",
      offerRedeemOnlineUrl: "https://bakery.example/redeem",
      offerTermsConditions: "One per visit.",
    };
    expect((await publish(tokens, request(location, { options: offer }), ctx.net)).state).toBe("published");
    expect(lastCreate(ctx)).toMatchObject({
      topicType: "OFFER",
      event: {
        title: "Two for one",
        schedule: { startDate: { year: 2026, month: 12, day: 1 }, endDate: { year: 2026, month: 12, day: 24 }, endTime: { hours: 18, minutes: 0, seconds: 0, nanos: 0 } },
      },
      offer: { couponCode: "BREAD2", redeemOnlineUrl: "https://bakery.example/redeem", termsConditions: "One per visit." },
    });
    expect((await publish(tokens, request(location, { options: { topicType: "ALERT" } }), ctx.net)).state).toBe("published");
    expect(lastCreate(ctx)).toMatchObject({ topicType: "ALERT", alertType: "COVID_19" });
  });

  it("picks the location from the target, the option, or the account's only location", async () => {
    const ctx = setup();
    const { tokens, locations } = await connect(ctx, "many");
    const [first, second] = locations;
    await publish(tokens, request(null, { options: { location: second } }), ctx.net);
    expect(postsCalls(ctx).at(-1)?.url).toBe(`https://mybusiness.googleapis.com/v4/${second}/localPosts`);
    await publish(tokens, request(first ?? null, { options: { location: second } }), ctx.net);
    expect(postsCalls(ctx).at(-1)?.url).toBe(`https://mybusiness.googleapis.com/v4/${first}/localPosts`);
    expect(await failure(publish(tokens, request(null), ctx.net))).toMatchObject({ code: "option_invalid", param: "platformOptions.googlebusiness.location" });
    expect((await failure(publish(tokens, request("locations/123"), ctx.net))).code).toBe("option_invalid");

    // With two of the three locations closed, the remaining one is the target.
    for (const id of locations.slice(1)) await ctx.store.delete("googlebusiness", "location", id.split("/").at(-1) ?? "");
    const [only] = (await ctx.store.list<SandboxLocation>("googlebusiness", "location")).map((r) => r.data);
    await publish(tokens, request(null), ctx.net);
    expect(postsCalls(ctx).at(-1)?.url).toBe(`https://mybusiness.googleapis.com/v4/accounts/${only?.accountId}/locations/${only?.id}/localPosts`);
  });

  it("maps Google's refusals: an unknown or foreign location, an image it cannot fetch, options it needs, a rejected post", async () => {
    const ctx = setup();
    const { tokens, locations } = await connect(ctx, "refused");
    const location = locations[0] ?? "";
    expect((await failure(publish(tokens, request(location.replace(/\d+$/, "999")), ctx.net))).code).toBe("option_invalid");
    const stranger = await connect(ctx, "stranger");
    expect(await failure(publish(stranger.tokens, request(location), ctx.net))).toMatchObject({ code: "missing_permission", platform: "googlebusiness" });
    expect(await failure(publish(tokens, request(location, { media: [sampleMedia({ kind: "image", url: "ftp://files.example/bread.jpg" })] }), ctx.net))).toMatchObject({
      code: "media_unreadable",
      message: "googlebusiness: Fetching image failed.",
    });
    expect(await failure(publish(tokens, request(location, { text: "x".repeat(1501) }), ctx.net))).toMatchObject({
      code: "platform_rejected",
      message: "summary: The summary exceeds 1500 characters.",
      fix: null,
    });
    expect((await failure(publish(tokens, request(location, { media: [sampleMedia({ kind: "video" })] }), ctx.net))).code).toBe("video_not_supported");
    expect(await failure(publish(tokens, request(location, { options: { callToActionType: "BOOK" } }), ctx.net))).toMatchObject({
      code: "option_invalid",
      param: "platformOptions.googlebusiness.callToActionUrl",
    });
    expect(await failure(publish(tokens, request(location, { options: { topicType: "EVENT", eventTitle: "Class" } }), ctx.net))).toMatchObject({
      code: "option_invalid",
      param: "platformOptions.googlebusiness.eventStart",
    });
    expect(await failure(publish(tokens, request(location, { options: { topicType: "EVENT", eventTitle: "Class", eventStart: "soon", eventEnd: "later" } }), ctx.net))).toMatchObject({
      code: "option_invalid",
      param: "platformOptions.googlebusiness.eventStart",
    });
    expect(await failure(publish(tokens, request(location, { options: { topicType: "POEM" } }), ctx.net))).toMatchObject({ code: "option_invalid", param: "platformOptions.googlebusiness.topicType" });

    const moderated = processing(await publish(tokens, request(location, { media: [sampleMedia({ kind: "image" })] }), ctx.net));
    await rejectSandboxLocalPost(ctx.store, moderated.pollToken);
    ctx.advance(2000);
    const rejected = await checkPublish(tokens, moderated.pollToken, ctx.net);
    if (rejected.state !== "failed") throw new Error("expected failed");
    expect(rejected.error).toMatchObject({ code: "platform_rejected", platform: "googlebusiness" });
    expect(rejected.error.fix).toContain("content policy");
  });

  it("answers each account fault with Google's own failure while publishing and polling", async () => {
    const ctx = setup();
    const { tokens, locations } = await connect(ctx, "faulty");
    const location = locations[0] ?? "";
    const pending = processing(await publish(tokens, request(location, { media: [sampleMedia({ kind: "image" })] }), ctx.net));
    const expected: Array<[SandboxFault, string]> = [
      ["expired_token", "needs_reauth"],
      ["revoked_permission", "missing_scope"],
      ["rate_limited", "rate_limited"],
      ["down", "platform_unavailable"],
    ];
    for (const [fault, code] of expected) {
      await ctx.setFault({ handle: "faulty" }, fault);
      expect((await failure(publish(tokens, request(location), ctx.net))).code, fault).toBe(code);
      expect((await failure(checkPublish(tokens, pending.pollToken, ctx.net))).code, fault).toBe(code);
    }
  });

  it("finds a post whose answer was lost among the location's posts, and deletes posts (a post already gone counts as deleted)", async () => {
    const ctx = setup();
    const { tokens, locations } = await connect(ctx, "finder");
    const location = locations[0] ?? "";
    const lost = request(location, { text: "Closed on Monday for the holiday." });
    const posted = await publish(tokens, lost, ctx.net);
    if (posted.state !== "published") throw new Error("expected published");
    expect(await findPublished(tokens, lost, ctx.net)).toEqual({ networkPostId: posted.networkPostId, url: posted.url });
    expect(await findPublished(tokens, { ...lost, text: "Never posted" }, ctx.net)).toBeNull();
    expect(await findPublished(tokens, { ...lost, options: { topicType: "ALERT" } }, ctx.net)).toBeNull();
    const list = postsCalls(ctx).at(-1);
    expect(list?.url).toBe(`https://mybusiness.googleapis.com/v4/${location}/localPosts?pageSize=100`);

    await deletePost(tokens, posted.networkPostId, ctx.net);
    expect(postsCalls(ctx).at(-1)).toMatchObject({ method: "DELETE", url: `https://mybusiness.googleapis.com/v4/${posted.networkPostId}` });
    expect(await findPublished(tokens, lost, ctx.net)).toBeNull();
    expect(await checkPublish(tokens, posted.networkPostId, ctx.net)).toMatchObject({ state: "failed", error: { code: "platform_rejected" } });
    await deletePost(tokens, posted.networkPostId, ctx.net);
    const stranger = await connect(ctx, "other-owner");
    expect((await failure(deletePost(stranger.tokens, posted.networkPostId.replace(/\d+$/, "1"), ctx.net))).code).toBe("missing_permission");
  });

  it("maps every publish-time row, and reads the v4 ValidationError and BadRequest details into the message", () => {
    const validation = (code: number, message: string, field?: string) => ({
      error: {
        code: 400,
        message: "Request contains an invalid argument.",
        status: "INVALID_ARGUMENT",
        details: [{ "@type": "type.googleapis.com/google.mybusiness.v4.ValidationError", errorDetails: [{ code, ...(field ? { field } : {}), message }] }],
      },
    });
    const fixtures: ErrorFixture[] = [
      { status: 400, body: validation(1000, "Fetching image failed."), code: "media_unreadable" },
      { status: 404, body: { error: { code: 404, message: "Requested entity was not found.", status: "NOT_FOUND" } }, code: "option_invalid" },
    ];
    expectFixturesCoverTable({ ...googleBusinessPublishErrorTable, rows: googleBusinessPublishRows }, fixtures);
    const other = classifyFailure(googleBusinessPublishErrorTable, { status: 400, headers: new Headers(), body: validation(2, "address.postal_code is required", "address.postal_code") }, new Date());
    expect(other).toMatchObject({ code: "platform_rejected", message: "address.postal_code: address.postal_code is required", fix: null });
  });
});
