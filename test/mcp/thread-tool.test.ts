import { beforeAll, describe, expect, it } from "vitest";
import { approvedAgent } from "../support/agent-oauth.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";
import { jpeg } from "../unit/media-fixtures.js";
import { agentToolCall } from "./mcp-server.js";

/** The agents' `create_post` takes `thread`, and the agent's grant governs the chain like any post: networks and credits per item. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const createPost = (accessToken: string, args: Record<string, unknown>) => agentToolCall(t, accessToken, "create_post", args);

const actions = ["read", "draft", "publish_or_schedule"];

describe("create_post with thread (MCP)", () => {
  it("publishes a chain for an agent whose grant covers it, one credit per item", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const bsky = (await ws.connect("bluesky")).id;
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
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const bsky = (await ws.connect("bluesky")).id;
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky"], actions, creditsPerDay: 2 });
    const answer = await createPost(tokens.access_token, { text: "too dear 1/3", accounts: [bsky], thread: [{ text: "too dear 2/3" }, { text: "too dear 3/3" }] });
    expect(answer.isError).toBe(true);
    expect(answer.data).toMatchObject({ error: { code: "agent_grant_daily_credits" } });
    expect((await ws.read("/v1/posts")).items).toEqual([]);
  });

  it("refuses a chain on a network outside the agent's grant", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const x = (await ws.connect("twitter")).id;
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky"], actions, creditsPerDay: 5 });
    const answer = await createPost(tokens.access_token, { text: "outside 1/2", accounts: [x], thread: [{ text: "outside 2/2" }] });
    expect(answer.isError).toBe(true);
  });

  it("schedules a chain for an agent, charging its day for the post and each item at once", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const bsky = (await ws.connect("bluesky")).id;
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
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const bsky = (await ws.connect("bluesky")).id;
    const image = (await ws.upload(jpeg(640, 640), "image/jpeg")).id;
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky"], actions, creditsPerDay: 5 });
    const answer = await createPost(tokens.access_token, { text: "agent post", accounts: [bsky], firstComment: { text: "agent picture", media: [image] } });
    expect(answer.isError, JSON.stringify(answer.data)).toBe(false);
    expect(answer.data).toMatchObject({ targets: [{ firstComment: { state: "posted", media: [image] } }] });
  });
});
