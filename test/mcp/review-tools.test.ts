import { describe, expect, it } from "vitest";
import { approvedAgent } from "../support/agent-oauth.js";
import type { TestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { agentToolCall, callTool as call, mcpClient, type RunningServer, type Structured, withMcpTestServer } from "./mcp-server.js";

/**
 * `list_reviews` and `reply_to_review` through the official SDK client: the same answers and
 * refusals as GET /v1/social-accounts/{id}/reviews and POST /v1/comments/{id}/replies, agents held
 * to their grant, and another workspace's ids not found.
 */

let t: TestApp;
let server: RunningServer;
withMcpTestServer((running) => ({ t, server } = running));

const agentCall = (accessToken: string, name: string, args: Record<string, unknown>) => agentToolCall(t, accessToken, name, args);

/** The error envelope without its request id, which differs between any two requests. */
const envelope = (error: unknown): Structured => {
  const { requestId: _id, ...rest } = error as Structured;
  return rest;
};

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: "googlebusiness" | "pinterest"): Promise<string> {
  counter += 1;
  return (await ws.connect(platform, { handle: `mcp_reviews_${platform}_${counter}` })).id;
}

/** A Google Business account, its first location and two reviews of it. */
async function business(ws: WorkspaceFixture) {
  const account = await connect(ws, "googlebusiness");
  const targets = await ws.read(`/v1/social-accounts/${account}/targets`);
  const location = targets.items[0]?.id ?? "";
  const reviews: string[] = [];
  for (const [rating, text] of [
    [5, "Lovely staff"],
    [2, "Slow service"],
  ] as const) {
    t.clock.advance(1000);
    reviews.push((await ws.simulate(account, { action: "review", target: location, rating, text })).networkId);
  }
  return { account, location, reviews };
}

const readReviews = (ws: WorkspaceFixture, account: string, location: string) => ws.read(`/v1/social-accounts/${account}/reviews?target=${encodeURIComponent(location)}`);

describe("review tools", () => {
  it("are listed with input schemas from the route schemas and output schemas", async () => {
    const ws = await testWorkspace(t);
    const client = await mcpClient(server.base, ws.key);
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName.get("list_reviews")?.inputSchema.properties ?? {}).sort()).toEqual(["cursor", "id", "limit", "target"]);
    expect(Object.keys(byName.get("reply_to_review")?.inputSchema.properties ?? {}).sort()).toEqual(["account", "id", "text"]);
    expect(byName.get("list_reviews")?.outputSchema?.type).toBe("object");
    expect(byName.get("reply_to_review")?.outputSchema?.type).toBe("object");
    expect(byName.get("list_reviews")?.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get("reply_to_review")?.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true });
    await client.close();
  });

  it("list_reviews answers what REST answers; reply_to_review answers, replaces the answer, and refuses a comment id or a network without reviews as REST does", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { account, location, reviews } = await business(ws);
    const client = await mcpClient(server.base, ws.key);

    const listed = await call(client, "list_reviews", { id: account, target: location });
    expect(listed.isError).toBe(false);
    expect(listed.data).toEqual(await readReviews(ws, account, location));
    expect((listed.data.items as { id: string }[]).map((r) => r.id)).toEqual([...reviews].reverse());

    const review = reviews[0] ?? "";
    const answered = await call(client, "reply_to_review", { id: review, account, text: "Thank you!" });
    expect(answered.isError, JSON.stringify(answered.data)).toBe(false);
    expect(answered.data).toMatchObject({ account, platform: "googlebusiness", ok: true });
    const again = await call(client, "reply_to_review", { id: review, account, text: "Thank you so much!" });
    expect(again.data.id).toBe(answered.data.id);
    expect((await readReviews(ws, account, location)).items.find((r) => r.id === review)?.reply?.text).toBe("Thank you so much!");

    const pinterest = await connect(ws, "pinterest");
    const unsupported = await call(client, "list_reviews", { id: pinterest });
    expect(unsupported.isError).toBe(true);
    expect(envelope(unsupported.data.error)).toEqual(envelope((await ws.get(`/v1/social-accounts/${pinterest}/reviews`)).error));
    expect(envelope(unsupported.data.error)).toMatchObject({ code: "reviews_unsupported", fix: expect.stringContaining("Google Business") });

    const notReview = await call(client, "reply_to_review", { id: "at://did:plc:someone/app.bsky.feed.post/3k", account, text: "wrong id" });
    expect(notReview.isError).toBe(true);
    expect(envelope(notReview.data.error)).toMatchObject({ code: "resource_not_found", param: "id", fix: expect.stringContaining("reply_to_comment") });

    const blank = await call(client, "reply_to_review", { id: review, account, text: "   " });
    expect(blank.isError).toBe(true);
    expect((await readReviews(ws, account, location)).items.find((r) => r.id === review)?.reply?.text).toBe("Thank you so much!");
    await client.close();
  });

  it("an agent reads reviews with `read` but needs `reply_and_message` to answer, and never reaches outside its networks; nothing is written on a refusal", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const { account, location, reviews } = await business(ws);
    const review = reviews[0] ?? "";
    const reader = (await approvedAgent(t, ws, { profiles: "all", platforms: "all", actions: ["read"], creditsPerDay: 5 })).tokens.access_token;
    expect((await agentCall(reader, "list_reviews", { id: account, target: location })).isError).toBe(false);
    const refused = await agentCall(reader, "reply_to_review", { id: review, account, text: "not allowed" });
    expect(refused.data.error).toMatchObject({ code: "agent_grant_action", fix: expect.any(String) });

    const elsewhere = (await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky"], actions: ["read", "reply_and_message"], creditsPerDay: 5 })).tokens.access_token;
    expect((await agentCall(elsewhere, "list_reviews", { id: account, target: location })).data.error).toMatchObject({ code: "agent_grant_platform" });
    expect((await agentCall(elsewhere, "reply_to_review", { id: review, account, text: "outside my networks" })).data.error).toMatchObject({ code: "agent_grant_platform", param: "account" });
    expect((await readReviews(ws, account, location)).items.every((r) => r.reply === null)).toBe(true);

    const replier = (await approvedAgent(t, ws, { profiles: "all", platforms: ["googlebusiness"], actions: ["read", "reply_and_message"], creditsPerDay: 5 })).tokens.access_token;
    const answered = await agentCall(replier, "reply_to_review", { id: review, account, text: "Thanks from the agent" });
    expect(answered.isError, JSON.stringify(answered.data)).toBe(false);
    expect((await readReviews(ws, account, location)).items.find((r) => r.id === review)?.reply?.text).toBe("Thanks from the agent");
  });

  it("another workspace's account and review are not found, exactly as on REST, and nothing is written", async () => {
    const owner = await testWorkspace(t, { plan: "subscription" });
    const { account, location, reviews } = await business(owner);
    const stranger = await testWorkspace(t, { plan: "subscription" });
    const client = await mcpClient(server.base, stranger.key);
    const listed = await call(client, "list_reviews", { id: account, target: location });
    expect(envelope(listed.data.error)).toEqual(envelope((await stranger.get(`/v1/social-accounts/${account}/reviews?target=${encodeURIComponent(location)}`)).error));
    expect(envelope(listed.data.error)).toMatchObject({ code: "account_unknown" });
    const replied = await call(client, "reply_to_review", { id: reviews[0] ?? "", account, text: "not yours" });
    expect(envelope(replied.data.error)).toMatchObject({ code: "account_unknown", param: "account" });
    expect(JSON.stringify(replied.data)).not.toContain("Lovely staff");
    expect((await readReviews(owner, account, location)).items.every((r) => r.reply === null)).toBe(true);
    await client.close();
  });
});
