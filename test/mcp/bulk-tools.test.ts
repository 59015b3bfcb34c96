import { describe, expect, it } from "vitest";
import { ORIGIN, approvedAgent } from "../support/agent-oauth.js";
import type { TestApp, TestWorkspace } from "../support/test-app.js";
import { type RunningServer, type Structured, withMcpTestServer } from "./mcp-server.js";

/**
 * `bulk_create_posts` and `get_bulk_import` as an agent: the rows go through the agent's grant one
 * by one (a row for a brand outside it fails, the others are created), a retry with the same key
 * creates nothing more, and an agent reads only its own imports.
 */

let t: TestApp;
let server: RunningServer;
withMcpTestServer((running) => ({ t, server } = running));

async function agentCall(accessToken: string, name: string, args: Record<string, unknown>) {
  void server;
  const response = await t.app.request(`${ORIGIN}/v1/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { result: { isError?: boolean; structuredContent: Structured } };
  return { isError: body.result.isError === true, data: body.result.structuredContent };
}

async function brandAccount(ws: TestWorkspace, username: string): Promise<{ profile: string; account: string }> {
  const made = await ws.request("/v1/profiles", { method: "POST", json: { username } });
  expect(made.status).toBe(201);
  const connected = await ws.request("/v1/social-accounts/connect", {
    method: "POST",
    json: { platform: "bluesky", handle: `${username}.test`, appPassword: "abcd-efgh-ijkl-mnop", profile: username },
  });
  expect(connected.status, await connected.clone().text()).toBe(201);
  return { profile: ((await made.json()) as { id: string }).id, account: ((await connected.json()) as { id: string }).id };
}

type Rows = { row: number; valid?: boolean; state?: string; postId?: string | null; error: { code: string } | null }[];

describe("bulk tools", () => {
  it("checks and imports rows through the agent's grant, once per key, and shows an agent only its own imports", async () => {
    t.clock.set(new Date("2027-03-01T12:00:00Z"));
    const ws = await t.workspace({ plan: "subscription", grantCredits: 10 });
    const mine = await brandAccount(ws, "bulk-agent-brand");
    const other = await brandAccount(ws, "bulk-not-the-agents");
    const { tokens } = await approvedAgent(t, ws, { profiles: [mine.profile], platforms: "all", actions: ["read", "draft", "publish_or_schedule"], creditsPerDay: 5 });
    const token = tokens.access_token;
    const rows = [
      { text: "agent row", accounts: [mine.account], scheduledAt: "2027-04-01T09:00:00Z" },
      { text: "other brand's row", accounts: [other.account], scheduledAt: "2027-04-01T09:00:00Z" },
    ];

    const dry = await agentCall(token, "bulk_create_posts", { rows, dryRun: true });
    expect(dry.isError, JSON.stringify(dry.data)).toBe(false);
    expect(dry.data).toMatchObject({ dryRun: true, validRows: 1, invalidRows: 1 });
    const dryRows = dry.data.rows as Rows;
    expect(dryRows.map((r) => r.error?.code ?? null)).toEqual([null, "agent_grant_profile"]);

    const made = await agentCall(token, "bulk_create_posts", { rows, idempotencyKey: "agent-bulk-1" });
    expect(made.isError, JSON.stringify(made.data)).toBe(false);
    expect(made.data).toMatchObject({ state: "done", created: 1, failed: 1 });
    const again = await agentCall(token, "bulk_create_posts", { rows, idempotencyKey: "agent-bulk-1" });
    expect(again.data.id).toBe(made.data.id);
    const listed = (await (await ws.request("/v1/posts")).json()) as { items: { text: string }[] };
    expect(listed.items.map((p) => p.text)).toEqual(["agent row"]);

    const progress = await agentCall(token, "get_bulk_import", { id: made.data.id });
    expect(progress.data).toMatchObject({ id: made.data.id, created: 1 });
    const owners = await ws.request("/v1/posts/bulk", { method: "POST", json: { rows: [{ text: "owner row", accounts: [other.account], scheduledAt: "2027-04-02T09:00:00Z" }] } });
    expect(owners.status).toBe(201);
    const ownerImport = ((await owners.json()) as { id: string }).id;
    const refused = await agentCall(token, "get_bulk_import", { id: ownerImport });
    expect(refused.isError).toBe(true);
    expect((refused.data.error as Structured).code).toBe("resource_not_found");
  });

  it("fails every row of an agent whose grant cannot publish or schedule, creating nothing", async () => {
    t.clock.set(new Date("2027-03-01T12:00:00Z"));
    const ws = await t.workspace({ plan: "subscription", grantCredits: 10 });
    const mine = await brandAccount(ws, "bulk-drafting-brand");
    const { tokens } = await approvedAgent(t, ws, { profiles: [mine.profile], platforms: "all", actions: ["read", "draft"], creditsPerDay: 5 });
    const made = await agentCall(tokens.access_token, "bulk_create_posts", { rows: [{ text: "scheduled", accounts: [mine.account], scheduledAt: "2027-04-01T09:00:00Z" }] });
    expect(made.data).toMatchObject({ created: 0, failed: 1 });
    expect((made.data.rows as Rows)[0]?.error?.code).toBe("agent_grant_action");
    const listed = (await (await ws.request("/v1/posts")).json()) as { items: unknown[] };
    expect(listed.items).toEqual([]);
  });
});
