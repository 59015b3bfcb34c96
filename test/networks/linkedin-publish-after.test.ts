import { describe, expect, it } from "vitest";
import { linkedinAdapter } from "../../src/networks/linkedin/adapter.js";
import { linkedinPublishErrorTable } from "../../src/networks/linkedin/errors.js";
import type { NetworkContext, TokenSet } from "../../src/networks/types.js";
import { apiError, asFailure, expectRowSample } from "./harness.js";
import { publish, findPublished, deletePost, targets, setup, connect, post, expectDocumentedRequests, stored } from "./linkedin-publish-harness.js";

/** After a LinkedIn publish: finding a post whose answer was lost, deleting, processing failures and dead tokens. */
describe("linkedin publish: after the post", () => {
  it("finds an organisation post whose answer was lost; a member's posts cannot be read, so nothing is found", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "sandbox.finder", "organization");
    const [page] = await targets(tokens, ctx.net);
    if (!page) throw new Error("no organisation target");
    const lossy: NetworkContext = {
      ...ctx.net,
      fetch: async (input, init) => {
        const response = await ctx.net.fetch(input, init);
        if (new Request(input, init).method === "POST" && new URL(new Request(input, init).url).pathname === "/rest/posts") throw new TypeError("connection reset");
        return response;
      },
    };
    const lost = post("Quarterly update #results", { destination: page.id });
    expect((await apiError(publish(tokens, lost, lossy))).code).toBe("platform_unavailable");
    ctx.advance(90_000);
    const found = await findPublished(tokens, lost, ctx.net);
    expect(found?.networkPostId).toMatch(/^urn:li:share:/);
    expect((await stored(ctx, found?.networkPostId ?? ""))?.commentary).toBe("Quarterly update {hashtag|\\#|results}");
    const finder = [...ctx.requests].reverse().find((r) => r.method === "GET" && new URL(r.url).pathname === "/rest/posts");
    expect(Object.fromEntries(new URL(finder?.url ?? "").searchParams)).toEqual({ author: page.id, q: "author", count: "20", sortBy: "CREATED" });
    expect(await findPublished(tokens, post("something else", { destination: page.id }), ctx.net)).toBeNull();

    // As the member: LinkedIn refuses the read without r_member_social, so there is nothing to find.
    await publish(tokens, post("member post"), ctx.net);
    expect(await findPublished(tokens, post("member post"), ctx.net)).toBeNull();
    expectDocumentedRequests(ctx);
  });

  it("deletes with DELETE /rest/posts/{urn}; a post already gone counts as deleted", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "sandbox.deleter");
    const result = await publish(tokens, post("short-lived"), ctx.net);
    if (result.state !== "published") throw new Error("not published");
    await deletePost(tokens, result.networkPostId, ctx.net);
    const sent = ctx.requests.filter((r) => r.method === "DELETE");
    expect(sent[0]?.url).toBe(`https://api.linkedin.com/rest/posts/${encodeURIComponent(result.networkPostId)}`);
    expect(sent[0]?.headers["x-restli-method"]).toBe("DELETE");
    expect((await stored(ctx, result.networkPostId))?.deleted).toBe(true);
    await expect(deletePost(tokens, result.networkPostId, ctx.net)).resolves.toBeUndefined();
    // A URN LinkedIn never had answers 404, which counts as gone too.
    await expect(deletePost(tokens, "urn:li:share:1234567890123456789", ctx.net)).resolves.toBeUndefined();
    expect(ctx.requests.filter((r) => r.method === "DELETE").length).toBe(3);
    await ctx.setFault((await linkedinAdapter.identity(tokens, ctx.net)).networkUserId, "expired_token");
    expect((await apiError(deletePost(tokens, result.networkPostId, ctx.net))).code).toBe("needs_reauth");
  });

  it("classifies PROCESSING_FAILED through the publish table, before LinkedIn's general rows", () => {
    const [row] = linkedinPublishErrorTable.rows;
    if (!row) throw new Error("no row");
    const error = expectRowSample(linkedinPublishErrorTable, row, asFailure({ status: 200, body: { id: "urn:li:video:C5505AQX", status: "PROCESSING_FAILED" } }), "media_unreadable");
    expect(error.message).toContain("urn:li:video:C5505AQX");
  });

  it("refuses a stored token that LinkedIn no longer accepts", async () => {
    const ctx = await setup();
    const tokens: TokenSet = { ...(await connect(ctx, "sandbox.stale")), accessToken: "sandbox-AQnot-a-token" };
    expect((await apiError(publish(tokens, post("nope"), ctx.net))).code).toBe("needs_reauth");
  });
});
