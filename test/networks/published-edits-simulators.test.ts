import { describe, expect, it } from "vitest";
import { googleBusinessAdapter } from "../../src/networks/googlebusiness/adapter.js";
import { linkedinAdapter } from "../../src/networks/linkedin/adapter.js";
import { createGooglebusinessSimulator } from "../../src/sandbox/googlebusiness/simulator.js";
import { createYoutubeSimulator } from "../../src/sandbox/youtube/simulator.js";
import { linkedinUrls } from "../../src/networks/linkedin/capabilities.js";
import { linkedinRestHeaders } from "../../src/networks/linkedin/rest-headers.js";
import { connect, post, publish, setup, stored } from "./linkedin-publish-harness.js";
import { apiError, connectThroughConsent, createSandbox, expectPublished, required, wireAnswer } from "./harness.js";

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

/** Google's localPosts.patch in the simulator: the mask is required, only masked fields change, and the result must still be a valid post. */
describe("Google Business localPosts.patch against the simulator", () => {
  const gbp = { clientId: "sandbox-client.apps.googleusercontent.com", clientSecret: "sandbox-google-secret", redirectUri: "https://chorus.test/v1/connect/callback" };

  it("changes the summary under updateMask=summary and refuses a patch without a mask or over the limit", async () => {
    const ctx = createSandbox([createYoutubeSimulator, createGooglebusinessSimulator], { start: "2026-11-21T12:00:00.000Z", config: gbp, platform: "googlebusiness" });
    const { tokens } = await connectThroughConsent(googleBusinessAdapter, ctx.net, { handle: "editor", verifier: "sandbox-verifier-gbp-0123456789-abcdefghijklmnopqrstuvwxyz" });
    const location = (await required(googleBusinessAdapter, "targets")(tokens, ctx.net))[0]?.id ?? null;
    const request = { text: "Open from 7", media: [], options: {}, destination: location, targetId: "tgt_gbp_edit" };
    const created = expectPublished(await required(googleBusinessAdapter, "publish")(tokens, request, ctx.net));
    const edit = required(googleBusinessAdapter, "edit").editPublished;
    await edit(tokens, { networkPostId: created.networkPostId, destination: location, networkUserId: "", changes: { text: "Open from 6" } }, ctx.net);
    const url = `https://mybusiness.googleapis.com/v4/${created.networkPostId}`;
    const headers = { authorization: `Bearer ${tokens.accessToken}`, "content-type": "application/json" };
    const read = async () => (await wireAnswer<{ summary?: string; topicType?: string }>(await ctx.net.fetch(url, { headers }))).body;
    expect(await read()).toMatchObject({ summary: "Open from 6", topicType: "STANDARD" });
    const noMask = await ctx.net.fetch(url, { method: "PATCH", headers, body: JSON.stringify({ summary: "no mask" }) });
    expect(noMask.status).toBe(400);
    expect((await apiError(edit(tokens, { networkPostId: created.networkPostId, destination: location, networkUserId: "", changes: { text: "x".repeat(1501) } }, ctx.net))).code).toBeTruthy();
    expect((await read()).summary).toBe("Open from 6");
  });
});
