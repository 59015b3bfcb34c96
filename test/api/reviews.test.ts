import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/** Reviews through the public API with a test key: a simulated person reviews, the account reads, answers and deletes its answer. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: string): Promise<string> {
  counter += 1;
  const json = platform === "bluesky" ? { platform, handle: `reviews${counter}.test`, appPassword: "abcd-efgh-ijkl-mnop" } : { platform, handle: `reviews_${platform}_${counter}` };
  const response = await ws.post("/v1/social-accounts/connect", json);
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function targetsOf(ws: WorkspaceFixture, account: string): Promise<string[]> {
  const response = await ws.get(`/v1/social-accounts/${account}/targets`);
  expect(response.status).toBe(200);
  return response.body.items.map((i) => i.id);
}

async function review(ws: WorkspaceFixture, account: string, body: Record<string, unknown>): Promise<string> {
  t.clock.advance(1000);
  const response = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "review", ...body });
  expect(response.status, response.text).toBe(201);
  return response.body.networkId;
}

async function reviews(ws: WorkspaceFixture, account: string, query: "" | `?${string}`) {
  const response = await ws.get(`/v1/social-accounts/${account}/reviews${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

function commentPath(id: string): `/v1/comments/${string}`;
function commentPath<R extends "/replies" | "/hide">(id: string, rest: R): `/v1/comments/${string}${R}`;
function commentPath(id: string, rest = "") {
  return `/v1/comments/${encodeURIComponent(id)}${rest}`;
}

describe("Google Business reviews", () => {
  it("lists a location's reviews newest first, answers one, replaces the answer and deletes it", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "googlebusiness");
    const [location, other] = await targetsOf(ws, account);
    if (!location || !other) throw new Error("the sandbox business has several locations");

    const first = await review(ws, account, { target: location, rating: 5, text: "Best sourdough in town", actor: "dana.k" });
    const second = await review(ws, account, { target: location, rating: 2, actor: "sam.r" });
    await review(ws, account, { target: other, rating: 4, text: "Nice staff" });

    const page = await reviews(ws, account, `?target=${encodeURIComponent(location)}`);
    expect(page.problems).toEqual([]);
    expect(page.items.map((r) => r.id)).toEqual([second, first]);
    expect(page.items[0]).toMatchObject({ account, platform: "googlebusiness", target: location, rating: { stars: 2, recommendation: null }, text: null, reply: null });
    expect(page.items[1]).toMatchObject({ rating: { stars: 5, recommendation: null }, text: "Best sourdough in town", author: { handle: "dana.k", platform: "googlebusiness" } });
    expect(first.startsWith(`${location}/reviews/`)).toBe(true);

    t.clock.advance(1000);
    const answered = await ws.post(commentPath(first, "/replies"), { account, text: "Thank you, Dana!" });
    expect(answered.status, answered.text).toBe(200);
    expect(answered.body).toEqual({ account, platform: "googlebusiness", id: first, ok: true });
    const replaced = await ws.post(commentPath(first, "/replies"), { account, text: "Thank you again, Dana!" });
    expect(replaced.status).toBe(200);
    const afterReply = await reviews(ws, account, `?target=${encodeURIComponent(location)}`);
    expect(afterReply.items.find((r) => r.id === first)?.reply).toEqual({ text: "Thank you again, Dana!", updatedAt: t.clock.now().toISOString() });

    const deleted = await ws.delete(commentPath(first), { account });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ account, platform: "googlebusiness", ok: true });
    expect((await reviews(ws, account, `?target=${encodeURIComponent(location)}`)).items.find((r) => r.id === first)?.reply).toBeNull();
    // The review stays; there is no answer left to delete.
    const again = await ws.delete(commentPath(first), { account });
    expect(again.status).toBe(404);
    expect(again.error.code).toBe("comment_not_found");
  });

  it("pages with the signed cursor, which another location refuses", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "googlebusiness");
    const [location, other] = await targetsOf(ws, account);
    if (!location || !other) throw new Error("the sandbox business has several locations");
    const ids = [];
    for (const stars of [1, 2, 3]) ids.push(await review(ws, account, { target: location, rating: stars, text: `${stars} stars` }));
    const one = await reviews(ws, account, `?target=${encodeURIComponent(location)}&limit=2`);
    expect(one.items.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(one.cursor).not.toBeNull();
    const two = await reviews(ws, account, `?target=${encodeURIComponent(location)}&limit=2&cursor=${encodeURIComponent(one.cursor ?? "")}`);
    expect(two.items.map((r) => r.id)).toEqual([ids[0]]);
    expect(two.cursor).toBeNull();
    const elsewhere = await ws.get(`/v1/social-accounts/${account}/reviews?target=${encodeURIComponent(other)}&cursor=${encodeURIComponent(one.cursor ?? "")}`);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.error.code).toBe("cursor_invalid");
  });

  it("refuses what Google refuses and what Chorus cannot decide, writing nothing", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "googlebusiness");
    const [location] = await targetsOf(ws, account);
    if (!location) throw new Error("no location");
    const id = await review(ws, account, { target: location, rating: 3, text: "Fine" });

    const noTarget = await ws.get(`/v1/social-accounts/${account}/reviews`);
    expect(noTarget.status).toBe(400);
    expect(noTarget.error).toMatchObject({ code: "review_target_required", param: "target" });
    const foreignTarget = await ws.get(`/v1/social-accounts/${account}/reviews?target=${encodeURIComponent("accounts/1/locations/2")}`);
    expect(foreignTarget.status).toBe(404);
    expect(foreignTarget.error).toMatchObject({ code: "resource_not_found", param: "target" });

    const tooLong = await ws.post(commentPath(id, "/replies"), { account, text: "x".repeat(4097) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.error).toMatchObject({ code: "text_too_long", param: "text" });
    const unknown = await ws.post(commentPath(`${location}/reviews/AbFvOqNoSuchReview`, "/replies"), { account, text: "Thanks" });
    expect(unknown.status).toBe(404);
    expect(unknown.error.code).toBe("comment_not_found");
    const hide = await ws.post(commentPath(id, "/hide"), { account });
    expect(hide.status).toBe(400);
    expect(hide.error.code).toBe("comment_hide_unsupported");
    expect((await reviews(ws, account, `?target=${encodeURIComponent(location)}`)).items).toEqual([expect.objectContaining({ id, reply: null })]);

    const badRating = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "review", target: location, rating: "positive" });
    expect(badRating.status).toBe(400);
    expect(badRating.error).toMatchObject({ code: "field_invalid", param: "rating" });
    const noRating = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "review", target: location });
    expect(noRating.error).toMatchObject({ code: "field_required", param: "rating" });
  });

  it("turns a network that fails, while checking the location or reading its reviews, into a problems entry of the account (never a 409 or 502)", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "googlebusiness");
    const [location] = await targetsOf(ws, account);
    if (!location) throw new Error("no location");
    await review(ws, account, { target: location, rating: 4, text: "Good" });
    await review(ws, account, { target: location, rating: 5, text: "Better" });
    const first = await reviews(ws, account, `?target=${encodeURIComponent(location)}&limit=1`);
    expect(first.cursor).not.toBeNull();
    for (const [fault, retryable] of [
      ["down", true],
      ["revoked_permission", false],
    ] as const) {
      const set = await ws.put(`/v1/sandbox/social-accounts/${account}/fault`, { fault });
      expect(set.status, set.text).toBe(200);
      const failed = await reviews(ws, account, `?target=${encodeURIComponent(location)}&limit=1&cursor=${encodeURIComponent(first.cursor ?? "")}`);
      expect(failed.items).toEqual([]);
      expect(failed.problems).toEqual([expect.objectContaining({ account, platform: "googlebusiness", retryable })]);
      // A retryable failure hands the cursor back, so the same request is simply sent again.
      expect(failed.cursor).toBe(retryable ? first.cursor : null);
    }
  });
});

describe("Facebook page recommendations", () => {
  it("lists a page's recommendations, answers one as the page, replaces the answer and deletes it", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "facebook");
    const [pageId] = await targetsOf(ws, account);
    if (!pageId) throw new Error("no page");
    const first = await review(ws, account, { target: pageId, rating: "positive", text: "Great service", actor: "fb.fan" });
    const second = await review(ws, account, { target: pageId, rating: "negative" });

    const listed = await reviews(ws, account, `?target=${pageId}`);
    expect(listed.problems).toEqual([]);
    expect(listed.items.map((r) => [r.id, r.rating, r.text])).toEqual([
      [second, { stars: null, recommendation: "negative" }, null],
      [first, { stars: null, recommendation: "positive" }, "Great service"],
    ]);
    expect(listed.items[1]).toMatchObject({ account, platform: "facebook", target: pageId, reply: null, author: { platform: "facebook" } });

    const answered = await ws.post(commentPath(first, "/replies"), { account, text: "Thanks!" });
    expect(answered.status, answered.text).toBe(200);
    const answerId = answered.body.id;
    const replaced = await ws.post(commentPath(first, "/replies"), { account, text: "Thanks a lot!" });
    expect(replaced.body.id).toBe(answerId);
    expect((await reviews(ws, account, `?target=${pageId}`)).items.find((r) => r.id === first)?.reply?.text).toBe("Thanks a lot!");

    const deleted = await ws.delete(commentPath(first), { account });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await reviews(ws, account, `?target=${pageId}`)).items.find((r) => r.id === first)?.reply).toBeNull();

    const stars = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "review", target: pageId, rating: 4 });
    expect(stars.error).toMatchObject({ code: "field_invalid", param: "rating" });
  });
});

describe("networks without reviews", () => {
  it("refuses with reviews_unsupported, naming the networks that have them, as GET /v1/platforms says", async () => {
    const ws = await testWorkspace(t);
    const account = await connect(ws, "bluesky");
    const refused = await ws.get(`/v1/social-accounts/${account}/reviews`);
    expect(refused.status).toBe(400);
    const error = refused.error;
    expect(error).toMatchObject({ code: "reviews_unsupported", param: "id" });
    expect(error.message).toContain("Google Business");
    expect(error.fix).toContain("reviews");
    expect(error.fix).toContain("Facebook");
    expect(error).toMatchObject({ platform: "bluesky" });

    const readsOf = async (id: string) => (await ws.get(`/v1/platforms/${id}`)).body.reads;
    expect(await readsOf("googlebusiness")).toContain("reviews");
    expect(await readsOf("bluesky")).not.toContain("reviews");

    const review = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "review", rating: 5 });
    expect(review.status).toBe(400);
    expect(review.error.code).toBe("capability_unsupported");
  });
});
