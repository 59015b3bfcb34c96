import { describe, expect, it } from "vitest";
import { googleBusinessAdapter } from "../../src/networks/googlebusiness/adapter.js";
import type { TokenSet } from "../../src/networks/types.js";
import { createGooglebusinessSimulator } from "../../src/sandbox/googlebusiness/simulator.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import { apiError, connectThroughConsent, createSandbox, required, type Sandbox } from "./harness.js";

const reviews = required(googleBusinessAdapter, "reviews");
const targets = required(googleBusinessAdapter, "targets");
const identity = required(googleBusinessAdapter, "identity");

const config = { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "sandbox-google-secret", redirectUri: "https://chorus.test/v1/connect/callback" };
const verifier = "sandbox-verifier-gbp-reviews-0123456789-abcdefghijklmnopqrstuvwxyz";
const setup = () => createSandbox([createYoutubeSimulator, createGooglebusinessSimulator], { start: "2026-11-21T12:00:00.000Z", config, platform: "googlebusiness" });

async function connect(ctx: Sandbox, handle: string): Promise<{ tokens: TokenSet; person: string; location: string }> {
  const { tokens } = await connectThroughConsent(googleBusinessAdapter, ctx.net, { handle, verifier });
  const person = (await identity(tokens, ctx.net)).networkUserId;
  const location = (await targets(tokens, ctx.net))[0]?.id ?? "";
  return { tokens, person, location };
}

async function leaveReview(ctx: Sandbox, recipientId: string, subject: string, rating: number, text: string | null): Promise<string> {
  const simulate = ctx.sim().simulateActivity;
  if (!simulate) throw new Error("the simulator takes simulated activity");
  ctx.advance(1000);
  const made = await simulate({ action: "review", recipientId, actorHandle: "reviewer.one", subject, text, rating });
  if (!made.ok) throw new Error(made.reason);
  return made.networkId;
}

const v4Calls = (ctx: Sandbox) => ctx.requests.filter((r) => new URL(r.url).host === "mybusiness.googleapis.com");

describe("googlebusiness reviews against the Business Profile simulator", () => {
  it("lists with v4 reviews.list, answers with PUT …/reply and deletes the answer with DELETE …/reply", async () => {
    const ctx = setup();
    const { tokens, person, location } = await connect(ctx, "reviewed.baker");
    const first = await leaveReview(ctx, person, location, 5, "Lovely croissants");
    const second = await leaveReview(ctx, person, location, 1, null);

    const page = await reviews.listReviews(tokens, { cursor: null, limit: 100, networkUserId: person, destination: location }, ctx.net);
    expect(page.cursor).toBeNull();
    expect(page.items).toEqual([
      expect.objectContaining({ id: second, destination: location, rating: { stars: 1, recommendation: null }, text: null, reply: null }),
      expect.objectContaining({ id: first, rating: { stars: 5, recommendation: null }, text: "Lovely croissants", author: expect.objectContaining({ handle: "reviewer.one", url: null }) }),
    ]);
    const list = v4Calls(ctx).at(-1);
    expect(list?.method).toBe("GET");
    const url = new URL(list?.url ?? "");
    expect(url.pathname).toBe(`/v4/${location}/reviews`);
    // reviews.list takes at most 50 a page, whatever Chorus's limit.
    expect(Object.fromEntries(url.searchParams)).toEqual({ pageSize: "50", orderBy: "updateTime desc" });
    expect(list?.headers).toMatchObject({ authorization: `Bearer ${tokens.accessToken}` });

    expect(reviews.isReviewId(first)).toBe(true);
    expect(reviews.isReviewId(location)).toBe(false);
    expect(reviews.isReviewId("17841400000000000_1790000000000000")).toBe(false);

    ctx.advance(1000);
    expect(await reviews.replyToReview(tokens, { reviewId: first, networkUserId: person, text: "Thank you!" }, ctx.net)).toEqual({ id: first });
    const put = v4Calls(ctx).at(-1);
    expect(put?.method).toBe("PUT");
    expect(put?.url).toBe(`https://mybusiness.googleapis.com/v4/${first}/reply`);
    expect(JSON.parse(put?.body ?? "")).toEqual({ comment: "Thank you!" });
    const answered = await reviews.listReviews(tokens, { cursor: null, limit: 10, networkUserId: person, destination: location }, ctx.net);
    expect(answered.items.find((r) => r.id === first)?.reply).toEqual({ text: "Thank you!", updatedAt: ctx.clock.now.toISOString() });

    await reviews.deleteReviewReply(tokens, { reviewId: first, networkUserId: person }, ctx.net);
    const del = v4Calls(ctx).at(-1);
    expect([del?.method, del?.url]).toEqual(["DELETE", `https://mybusiness.googleapis.com/v4/${first}/reply`]);
    expect((await reviews.listReviews(tokens, { cursor: null, limit: 10, networkUserId: person, destination: location }, ctx.net)).items.every((r) => r.reply === null)).toBe(true);
    expect((await apiError(reviews.deleteReviewReply(tokens, { reviewId: first, networkUserId: person }, ctx.net))).code).toBe("comment_not_found");
  });

  it("pages with Google's pageToken", async () => {
    const ctx = setup();
    const { tokens, person, location } = await connect(ctx, "paged.baker");
    const ids = [];
    for (const stars of [1, 2, 3]) ids.push(await leaveReview(ctx, person, location, stars, `${stars}`));
    const one = await reviews.listReviews(tokens, { cursor: null, limit: 2, networkUserId: person, destination: location }, ctx.net);
    expect(one.items.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const two = await reviews.listReviews(tokens, { cursor: one.cursor, limit: 2, networkUserId: person, destination: location }, ctx.net);
    expect(two).toEqual({ items: [expect.objectContaining({ id: ids[0] })], cursor: null });
    expect(new URL(v4Calls(ctx).at(-1)?.url ?? "").searchParams.get("pageToken")).toBe(one.cursor);
  });

  it("plays Google's refusals: a reply over 4,096 characters, an unknown review, a wrong token, another person's location", async () => {
    const ctx = setup();
    const { tokens, person, location } = await connect(ctx, "strict.baker");
    const id = await leaveReview(ctx, person, location, 4, "Good");
    const raw = (path: string, init: RequestInit = {}, token = tokens.accessToken) =>
      ctx.sandboxFetch(`https://mybusiness.googleapis.com/v4/${path}`, { ...init, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } });

    const tooLong = await raw(`${id}/reply`, { method: "PUT", body: JSON.stringify({ comment: "x".repeat(4097) }) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: { code: 400, status: "INVALID_ARGUMENT" } });
    const atLimit = await raw(`${id}/reply`, { method: "PUT", body: JSON.stringify({ comment: "x".repeat(4096) }) });
    expect(atLimit.status).toBe(200);
    // Chorus refuses the same before asking Google.
    const before = ctx.requests.length;
    expect((await apiError(reviews.replyToReview(tokens, { reviewId: id, networkUserId: person, text: "y".repeat(4097) }, ctx.net))).code).toBe("text_too_long");
    expect(ctx.requests.length).toBe(before);

    const unknown = await raw(`${location}/reviews/AbFvOqUnknown`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { code: 404, message: "Requested entity was not found.", status: "NOT_FOUND" } });
    expect((await apiError(reviews.replyToReview(tokens, { reviewId: `${location}/reviews/AbFvOqUnknown`, networkUserId: person, text: "Hi" }, ctx.net))).code).toBe("comment_not_found");

    const wrongToken = await raw(`${location}/reviews`, {}, "not-a-token");
    expect(wrongToken.status).toBe(401);
    expect(await wrongToken.json()).toMatchObject({ error: { code: 401, status: "UNAUTHENTICATED" } });

    const stranger = await connect(ctx, "stranger.baker");
    expect((await apiError(reviews.listReviews(stranger.tokens, { cursor: null, limit: 10, networkUserId: stranger.person, destination: location }, ctx.net))).code).toBe("missing_permission");
    expect((await apiError(reviews.replyToReview(stranger.tokens, { reviewId: id, networkUserId: stranger.person, text: "Hi" }, ctx.net))).code).toBe("missing_permission");
  });

  it("maps an expired token to needs_reauth", async () => {
    const ctx = setup();
    const { tokens, person, location } = await connect(ctx, "expired.baker");
    await ctx.setFault(person, "expired_token");
    expect((await apiError(reviews.listReviews(tokens, { cursor: null, limit: 10, networkUserId: person, destination: location }, ctx.net))).code).toBe("needs_reauth");
  });
});
