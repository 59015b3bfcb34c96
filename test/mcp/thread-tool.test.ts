import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, approvedAgent } from "../support/agent-oauth.js";
import { connect } from "../support/conversations.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { jpeg } from "../unit/media-fixtures.js";

/** The agents' `create_post` takes `thread`, and the agent's grant governs the chain like any post: networks and credits per item. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

let rpcId = 0;
async function createPost(accessToken: string, args: Record<string, unknown>): Promise<{ isError: boolean; data: Record<string, unknown> }> {
  rpcId += 1;
  const response = await t.app.request(`${ORIGIN}/v1/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: rpcId, method: "tools/call", params: { name: "create_post", arguments: args } }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { result: { isError?: boolean; structuredContent: Record<string, unknown> } };
  return { isError: body.result.isError === true, data: body.result.structuredContent };
}

const actions = ["read", "draft", "publish_or_schedule"];

describe("create_post with thread (MCP)", () => {
  it("publishes a chain for an agent whose grant covers it, one credit per item", async () => {
    const ws = await t.workspace({ plan: "subscription", grantCredits: 10 });
    const bsky = await connect(ws, "bluesky");
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky"], actions, creditsPerDay: 5 });
    const answer = await createPost(tokens.access_token, { text: "agent 1/3", accounts: [bsky], thread: [{ text: "agent 2/3" }, { text: "agent 3/3" }], idempotencyKey: "agent-chain" });
    expect(answer.isError, JSON.stringify(answer.data)).toBe(false);
    expect(answer.data).toMatchObject({
      state: "published",
      targets: [
        {
          credits: 1,
          thread: [
            { state: "published", credits: 1 },
            { state: "published", credits: 1 },
          ],
        },
      ],
    });
  });

  it("refuses a chain that costs more than the agent's daily credits, before anything is sent", async () => {
    const ws = await t.workspace({ plan: "subscription", grantCredits: 10 });
    const bsky = await connect(ws, "bluesky");
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky"], actions, creditsPerDay: 2 });
    const answer = await createPost(tokens.access_token, { text: "too dear 1/3", accounts: [bsky], thread: [{ text: "too dear 2/3" }, { text: "too dear 3/3" }] });
    expect(answer.isError).toBe(true);
    expect(answer.data).toMatchObject({ error: { code: "agent_grant_daily_credits" } });
    const posts = (await (await ws.request("/v1/posts")).json()) as { items: unknown[] };
    expect(posts.items).toEqual([]);
  });

  it("refuses a chain on a network outside the agent's grant", async () => {
    const ws = await t.workspace({ plan: "subscription", grantCredits: 10 });
    const x = await connect(ws, "twitter");
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky"], actions, creditsPerDay: 5 });
    const answer = await createPost(tokens.access_token, { text: "outside 1/2", accounts: [x], thread: [{ text: "outside 2/2" }] });
    expect(answer.isError).toBe(true);
  });

  it("schedules a chain for an agent, charging its day for the post and each item at once", async () => {
    const ws = await t.workspace({ plan: "subscription", grantCredits: 10 });
    const bsky = await connect(ws, "bluesky");
    const scheduledAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const body = { text: "later 1/3", accounts: [bsky], scheduledAt, thread: [{ text: "later 2/3" }, { text: "later 3/3" }] };
    const poor = await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky"], actions, creditsPerDay: 2 });
    const refused = await createPost(poor.tokens.access_token, body);
    expect(refused.data).toMatchObject({ error: { code: "agent_grant_daily_credits" } });
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky"], actions, creditsPerDay: 5 });
    const answer = await createPost(tokens.access_token, body);
    expect(answer.isError, JSON.stringify(answer.data)).toBe(false);
    expect(answer.data).toMatchObject({ state: "scheduled", targets: [{ thread: [{ state: "pending" }, { state: "pending" }] }] });
  });

  it("takes a first comment with an image, as the REST request does", async () => {
    const ws = await t.workspace({ plan: "subscription", grantCredits: 10 });
    const bsky = await connect(ws, "bluesky");
    const uploaded = await ws.request("/v1/media", { method: "POST", headers: { "content-type": "image/jpeg" }, body: jpeg(640, 640) });
    expect(uploaded.status).toBe(201);
    const image = ((await uploaded.json()) as { id: string }).id;
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky"], actions, creditsPerDay: 5 });
    const answer = await createPost(tokens.access_token, { text: "agent post", accounts: [bsky], firstComment: { text: "agent picture", media: [image] } });
    expect(answer.isError, JSON.stringify(answer.data)).toBe(false);
    expect(answer.data).toMatchObject({ targets: [{ firstComment: { state: "posted", media: [image] } }] });
  });
});
