import { describe, expect, it } from "vitest";
import { facebookAdapter } from "../../src/networks/facebook/adapter.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";
import { createFacebookSimulator } from "../../src/sandbox/facebook/simulator.js";
import { graphRequestProblems } from "../support/meta-graph-request-check.js";
import { type Bench, bench, connect, rejectsWith } from "./facebook-helpers.js";
import { required } from "./harness.js";

const reviews = required(facebookAdapter, "reviews");
const identity = required(facebookAdapter, "identity");
const targets = required(facebookAdapter, "targets");

async function setup(handle: string): Promise<{ b: Bench; net: NetworkContext; tokens: TokenSet; person: string; pages: string[] }> {
  const b = bench([createFacebookSimulator]);
  const net = b.net();
  const tokens = await connect(facebookAdapter, net, handle);
  const person = (await identity(tokens, net)).networkUserId;
  const pages = (await targets(tokens, net)).map((t) => t.id);
  return { b, net, tokens, person, pages };
}

async function recommend(b: Bench, recipientId: string, page: string, rating: "positive" | "negative", text: string | null): Promise<string> {
  const simulate = b.sims[0]?.simulateActivity;
  if (!simulate) throw new Error("the simulator takes simulated activity");
  b.advance(1);
  const made = await simulate({ action: "review", recipientId, actorHandle: "fan.one", subject: page, text, rating });
  if (!made.ok) throw new Error(made.reason);
  return made.networkId;
}

const page = (pageId: string) => ({ cursor: null, limit: 50, networkUserId: "", destination: pageId });

describe("facebook recommendations against the Graph simulator", () => {
  it("reads /{page-id}/ratings and answers each recommendation with the page's one comment on its story, as the node descriptions allow", async () => {
    const { b, net, tokens, person, pages } = await setup("rated.page.owner");
    const [pageId, otherPage] = pages;
    if (!pageId || !otherPage) throw new Error("the sandbox person manages two pages");
    const liked = await recommend(b, person, pageId, "positive", "Friendly and quick");
    const disliked = await recommend(b, person, pageId, "negative", null);
    await recommend(b, person, otherPage, "positive", "Elsewhere");

    const listed = await reviews.listReviews(tokens, page(pageId), net);
    expect(listed.cursor).toBeNull();
    expect(listed.items).toEqual([
      expect.objectContaining({ id: disliked, destination: pageId, rating: { stars: null, recommendation: "negative" }, text: null, reply: null }),
      expect.objectContaining({ id: liked, rating: { stars: null, recommendation: "positive" }, text: "Friendly and quick", author: expect.objectContaining({ handle: "Sandbox fan.one" }) }),
    ]);
    expect(reviews.isReviewId(liked)).toBe(true);
    expect(reviews.isReviewId(`${pageId}_123`)).toBe(false);

    b.advance(1);
    const answer = await reviews.replyToReview(tokens, { reviewId: liked, networkUserId: person, text: "Thank you!" }, net);
    const replaced = await reviews.replyToReview(tokens, { reviewId: liked, networkUserId: person, text: "Thank you so much!" }, net);
    expect(replaced).toEqual(answer);
    const answered = await reviews.listReviews(tokens, page(pageId), net);
    expect(answered.items.find((r) => r.id === liked)?.reply).toEqual({ text: "Thank you so much!", updatedAt: expect.any(String) });

    await reviews.deleteReviewReply(tokens, { reviewId: liked, networkUserId: person }, net);
    expect((await reviews.listReviews(tokens, page(pageId), net)).items.every((r) => r.reply === null)).toBe(true);
    await rejectsWith(reviews.deleteReviewReply(tokens, { reviewId: liked, networkUserId: person }, net), "comment_not_found");
    await rejectsWith(reviews.replyToReview(tokens, { reviewId: "99999999999", networkUserId: person, text: "Hi" }, net), "comment_not_found");

    const graph = b.sent.filter((r) => r.url.host === "graph.facebook.com" && !r.url.pathname.endsWith("/me/accounts") && !r.url.pathname.endsWith("/me"));
    const ratings = graph.filter((r) => r.url.pathname.endsWith("/ratings"));
    expect(ratings.length).toBeGreaterThan(0);
    for (const request of ratings) expect(graphRequestProblems(request, "Page"), request.url.search).toEqual([]);
    expect(new URL(ratings[0]?.url ?? "").searchParams.get("access_token")).not.toBe(tokens.accessToken);
    // The page's answer is a Comment: edited and deleted as the Comment node describes.
    const edits = graph.filter((r) => r.method !== "GET" && /^\/v[\d.]+\/\d+_\d+$/.test(r.url.pathname));
    expect(edits.map((r) => r.method).sort()).toEqual(["DELETE", "POST"]);
    for (const request of edits) expect(graphRequestProblems(request, "Comment"), `${request.method} ${request.url.pathname}`).toEqual([]);
  });

  it("pages with Graph's cursors and refuses another person's page", async () => {
    const { b, net, tokens, person, pages } = await setup("paged.page.owner");
    const pageId = pages[0] ?? "";
    const ids = [];
    for (const text of ["one", "two", "three"]) ids.push(await recommend(b, person, pageId, "positive", text));
    const first = await reviews.listReviews(tokens, { ...page(pageId), limit: 2 }, net);
    expect(first.items.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    const second = await reviews.listReviews(tokens, { ...page(pageId), limit: 2, cursor: first.cursor }, net);
    expect(second).toEqual({ items: [expect.objectContaining({ id: ids[0] })], cursor: null });

    const stranger = await connect(facebookAdapter, net, "stranger.page.owner");
    await rejectsWith(reviews.listReviews(stranger, page(pageId), net), "option_invalid");
    await rejectsWith(reviews.replyToReview(stranger, { reviewId: ids[0] ?? "", networkUserId: "", text: "Hi" }, net), "comment_not_found");
  });

  it("maps an expired token to needs_reauth", async () => {
    const { b, net, tokens, pages } = await setup("expired.page.owner");
    const sim = b.sims[0];
    if (!sim) throw new Error("no simulator");
    await b.setFault(sim, "expired.page.owner", "expired_token");
    await rejectsWith(reviews.listReviews(tokens, page(pages[0] ?? ""), net), "needs_reauth");
  });
});
