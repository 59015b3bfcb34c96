import { describe, expect, it } from "vitest";
import { ORIGIN, approvedAgent } from "../support/agent-oauth.js";
import type { TestApp, TestWorkspace } from "../support/test-app.js";
import { callTool as call, mcpClient, type RunningServer, type Structured, withMcpTestServer } from "./mcp-server.js";

/**
 * `list_reviews` and `reply_to_review` through the official SDK client: the same answers and
 * refusals as GET /v1/social-accounts/{id}/reviews and POST /v1/comments/{id}/replies, agents held
 * to their grant, and another workspace's ids not found.
 */

let t: TestApp;
let server: RunningServer;
withMcpTestServer((running) => ({ t, server } = running));

async function agentCall(accessToken: string, name: string, args: Record<string, unknown>) {
  const response = await t.app.request(`${ORIGIN}/v1/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { result: { isError?: boolean; structuredContent: Structured } };
  return { isError: body.result.isError === true, data: body.result.structuredContent };
}

const envelope = (body: Structured): Structured => {
  const { requestId: _id, ...rest } = body.error as Structured;
  return rest;
};

let counter = 0;
async function connect(ws: TestWorkspace, platform: string): Promise<string> {
  counter += 1;
  const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform, handle: `mcp_reviews_${platform}_${counter}` } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A Google Business account, its first location and two reviews of it. */
async function business(ws: TestWorkspace) {
  const account = await connect(ws, "googlebusiness");
  const targets = (await (await ws.request(`/v1/social-accounts/${account}/targets`)).json()) as { items: { id: string }[] };
  const location = targets.items[0]?.id ?? "";
  const reviews: string[] = [];
  for (const [rating, text] of [
    [5, "Lovely staff"],
    [2, "Slow service"],
  ] as const) {
    t.clock.advance(1000);
    const made = await ws.request(`/v1/sandbox/social-accounts/${account}/activity`, { method: "POST", json: { action: "review", target: location, rating, text } });
    expect(made.status, await made.clone().text()).toBe(201);
    reviews.push(((await made.json()) as { networkId: string }).networkId);
  }
  return { account, location, reviews };
}

const readReviews = async (ws: TestWorkspace, account: string, location: string) => {
  const response = await ws.request(`/v1/social-accounts/${account}/reviews?target=${encodeURIComponent(location)}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { items: { id: string; reply: { text: string } | null }[] };
};

describe("review tools", () => {
  it("are listed with input schemas from the route schemas and output schemas", async () => {
    const ws = await t.workspace();
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
    const ws = await t.workspace({ plan: "subscription" });
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
    expect(envelope(unsupported.data)).toEqual(envelope((await (await ws.request(`/v1/social-accounts/${pinterest}/reviews`)).json()) as Structured));
    expect(envelope(unsupported.data)).toMatchObject({ code: "reviews_unsupported", fix: expect.stringContaining("Google Business") });

    const notReview = await call(client, "reply_to_review", { id: "at://did:plc:someone/app.bsky.feed.post/3k", account, text: "wrong id" });
    expect(notReview.isError).toBe(true);
    expect(envelope(notReview.data)).toMatchObject({ code: "resource_not_found", param: "id", fix: expect.stringContaining("reply_to_comment") });

    const blank = await call(client, "reply_to_review", { id: review, account, text: "   " });
    expect(blank.isError).toBe(true);
    expect((await readReviews(ws, account, location)).items.find((r) => r.id === review)?.reply?.text).toBe("Thank you so much!");
    await client.close();
  });

  it("an agent reads reviews with `read` but needs `reply_and_message` to answer, and never reaches outside its networks; nothing is written on a refusal", async () => {
    const ws = await t.workspace({ plan: "subscription" });
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
    const owner = await t.workspace({ plan: "subscription" });
    const { account, location, reviews } = await business(owner);
    const stranger = await t.workspace({ plan: "subscription" });
    const client = await mcpClient(server.base, stranger.key);
    const listed = await call(client, "list_reviews", { id: account, target: location });
    expect(envelope(listed.data)).toEqual(envelope((await (await stranger.request(`/v1/social-accounts/${account}/reviews?target=${encodeURIComponent(location)}`)).json()) as Structured));
    expect(envelope(listed.data)).toMatchObject({ code: "account_unknown" });
    const replied = await call(client, "reply_to_review", { id: reviews[0] ?? "", account, text: "not yours" });
    expect(envelope(replied.data)).toMatchObject({ code: "account_unknown", param: "account" });
    expect(JSON.stringify(replied.data)).not.toContain("Lovely staff");
    expect((await readReviews(owner, account, location)).items.every((r) => r.reply === null)).toBe(true);
    await client.close();
  });
});
