import { describe, expect, it } from "vitest";
import { linkedinAdapter } from "../../src/networks/linkedin/adapter.js";
import { linkedinUrls } from "../../src/networks/linkedin/capabilities.js";
import { linkedinRestHeaders } from "../../src/networks/linkedin/rest-headers.js";
import { connect, post, publish, setup, stored } from "./linkedin-publish-harness.js";
import { expectPublished, required } from "./harness.js";

const editPublished = required(linkedinAdapter, "edit").editPublished;

/**
 * The LinkedIn simulator refuses what the Posts API refuses on an update: a POST on a post without
 * `X-RestLi-Method: PARTIAL_UPDATE`, and a `$set` of a create-only field (`content`, `author`).
 */
describe("LinkedIn post updates against the simulator", () => {
  it("applies a commentary PARTIAL_UPDATE and refuses create-only fields and a missing method header", async () => {
    const ctx = await setup();
    const tokens = await connect(ctx, "edit.owner");
    const created = expectPublished(await publish(tokens, post("before"), ctx.net));
    await editPublished(tokens, { networkPostId: created.networkPostId, destination: null, networkUserId: "", changes: { text: "after" } }, ctx.net);
    expect((await stored(ctx, created.networkPostId))?.commentary).toBe("after");
    const url = `${linkedinUrls.rest}/posts/${encodeURIComponent(created.networkPostId)}`;
    const headers = { ...linkedinRestHeaders(tokens, ctx.net), "content-type": "application/json" };
    const createOnly = await ctx.net.fetch(url, {
      method: "POST",
      headers: { ...headers, "x-restli-method": "PARTIAL_UPDATE" },
      body: JSON.stringify({ patch: { $set: { author: "urn:li:person:x" } } }),
    });
    expect(createOnly.status).toBe(422);
    const noMethod = await ctx.net.fetch(url, { method: "POST", headers, body: JSON.stringify({ patch: { $set: { commentary: "x" } } }) });
    expect(noMethod.status).toBe(400);
    expect((await stored(ctx, created.networkPostId))?.commentary).toBe("after");
  });
});
