import { describe, expect, it } from "vitest";
import { twitterAdapter } from "../../src/networks/twitter/adapter.js";
import type { TokenSet } from "../../src/networks/types.js";
import { createTwitterSimulator } from "../../src/sandbox/twitter/simulator.js";
import { checkRequestAgainstSpec, findOperation, loadOpenApiSpec } from "../support/openapi-request-check.js";
import { connectThroughConsent, createSandbox, required, type Sandbox, wireAnswer } from "./harness.js";

/**
 * The simulated X answers a user object from many endpoints; on X the same user has the same
 * `public_metrics` wherever it is read. The counts are the simulated world's own follows and posts.
 */

const spec = loadOpenApiSpec("x-api-v2-openapi.json");
const publish = required(twitterAdapter, "publish");

function setup() {
  return createSandbox([createTwitterSimulator], {
    start: "2026-11-20T10:00:00.000Z",
    config: { clientId: "sandbox-x-client", clientSecret: "sandbox-x-secret", redirectUri: "https://chorus.test/v1/connect/callback/twitter" },
  });
}

async function connect(ctx: Sandbox, handle: string): Promise<{ tokens: TokenSet; id: string }> {
  const { tokens } = await connectThroughConsent(twitterAdapter, ctx.net, { handle, browser: ctx.sandboxFetch });
  return { tokens, id: (await twitterAdapter.identity(tokens, ctx.net)).networkUserId };
}

type User = { id: string; username: string; public_metrics?: Record<string, number> };
/** X's user lookups and the expansions that carry users: one user or a list, and the included users. */
type UsersAnswer = { data?: User | User[]; includes?: { users?: User[] } };

/** One GET to the simulated X, checked against X's OpenAPI (operation, parameters, scopes) like the adapter's own requests. */
async function read(ctx: Sandbox, tokens: TokenSet, path: string, operationId: string): Promise<UsersAnswer> {
  const response = await ctx.net.fetch(`https://api.x.com${path}`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
  expect(response.status, path).toBe(200);
  const sent = ctx.requests.at(-1);
  if (!sent) throw new Error("the request was not recorded");
  expect(findOperation(spec, sent.method, sent.url)?.operation.operationId).toBe(operationId);
  expect(checkRequestAgainstSpec(spec, sent, { scopes: tokens.scopes }), path).toEqual([]);
  return (await wireAnswer<UsersAnswer>(response)).body;
}

const find = (users: User[] | User | undefined, id: string) => (Array.isArray(users) ? users : users ? [users] : []).find((u) => u.id === id);

describe("X user objects", () => {
  it("the same user has the same public_metrics through every endpoint that answers it, counted from the follows and posts that exist", async () => {
    const ctx = setup();
    const owner = await connect(ctx, "x_counted");
    const fan = await connect(ctx, "x_counted_fan");
    const simulate = ctx.sim().simulateActivity;
    if (!simulate) throw new Error("no simulated activity");

    ctx.advance(1000);
    const published = await publish(owner.tokens, { text: "counted words", media: [], options: {}, destination: null, targetId: "tgt_x" }, ctx.net);
    if (published.state === "failed") throw published.error;
    // Two people follow the owner; the owner follows the fan and mentions them (a second post).
    for (const actorHandle of ["x_counted_a", "x_counted_b"]) {
      ctx.advance(1000);
      expect((await simulate({ action: "follow", recipientId: owner.id, actorHandle, subject: null, text: null })).ok).toBe(true);
    }
    ctx.advance(1000);
    expect((await simulate({ action: "follow", recipientId: fan.id, actorHandle: "x_counted", subject: null, text: null })).ok).toBe(true);
    ctx.advance(1000);
    expect((await simulate({ action: "mention", recipientId: fan.id, actorHandle: "x_counted", subject: null, text: "counted hello" })).ok).toBe(true);

    // Recent search leaves out the last seconds, as X does: read a minute later.
    ctx.advance(60_000);
    const fields = "user.fields=public_metrics";
    const seen = {
      me: find((await read(ctx, owner.tokens, `/2/users/me?${fields}`, "getUsersMe")).data, owner.id),
      byUsername: find((await read(ctx, fan.tokens, `/2/users/by/username/x_counted?${fields}`, "getUsersByUsername")).data, owner.id),
      followers: find((await read(ctx, fan.tokens, `/2/users/${fan.id}/followers?${fields}`, "getUsersFollowers")).data, owner.id),
      search: find((await read(ctx, fan.tokens, `/2/tweets/search/recent?query=counted&expansions=author_id&${fields}`, "searchPostsRecent")).includes?.users, owner.id),
      timeline: find((await read(ctx, fan.tokens, `/2/users/${owner.id}/tweets?expansions=author_id&${fields}`, "getUsersPosts")).includes?.users, owner.id),
      mentions: find((await read(ctx, fan.tokens, `/2/users/${fan.id}/mentions?expansions=author_id&${fields}`, "getUsersMentions")).includes?.users, owner.id),
    };
    const expected = { followers_count: 2, following_count: 1, post_count: 2, listed_count: 0, like_count: 0, media_count: 0 };
    for (const [endpoint, user] of Object.entries(seen)) expect(user?.public_metrics, endpoint).toEqual(expected);
    // The simulated user carries every metric X's OpenAPI marks required (UserPublicMetrics).
    const schemas = (spec as unknown as { components: { schemas: Record<string, { required?: string[] }> } }).components.schemas;
    for (const name of schemas.UserPublicMetrics?.required ?? ["missing UserPublicMetrics"]) expect(expected).toHaveProperty(name);

    // The fan's own numbers from their side: one follower (the owner), following nobody, no posts.
    const fanSeen = find((await read(ctx, owner.tokens, `/2/users/${owner.id}/following?${fields}`, "getUsersFollowing")).data, fan.id);
    expect(fanSeen?.public_metrics).toEqual({ followers_count: 1, following_count: 0, post_count: 0, listed_count: 0, like_count: 0, media_count: 0 });
    // Not asked, not answered: X sends only the fields named in user.fields.
    expect(find((await read(ctx, owner.tokens, "/2/users/me", "getUsersMe")).data, owner.id)).toEqual({ id: owner.id, name: expect.any(String), username: "x_counted" });
  });
});
