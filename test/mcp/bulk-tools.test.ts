import { describe, expect, it } from "vitest";
import { approvedAgent } from "../support/agent-oauth.js";
import type { TestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";
import { type RunningServer, type Structured, agentToolCall, brandAccount, withMcpTestServer } from "./mcp-server.js";

/**
 * `bulk_create_posts` and `get_bulk_import` as an agent: the rows go through the agent's grant one
 * by one (a row for a brand outside it fails, the others are created), a retry with the same key
 * creates nothing more, and an agent reads only its own imports.
 */

let t: TestApp;
let server: RunningServer;
withMcpTestServer((running) => ({ t, server } = running));

const agentCall = (accessToken: string, name: string, args: Record<string, unknown>) => agentToolCall(t, accessToken, name, args);

type Rows = { row: number; valid?: boolean; state?: string; postId?: string | null; error: { code: string } | null }[];

describe("bulk tools", () => {
  it("checks and imports rows through the agent's grant, once per key, and shows an agent only its own imports", async () => {
    t.clock.set(new Date("2027-03-01T12:00:00Z"));
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
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
    const listed = await ws.get("/v1/posts");
    expect(listed.body.items.map((p) => p.text)).toEqual(["agent row"]);

    const progress = await agentCall(token, "get_bulk_import", { id: made.data.id });
    expect(progress.data).toMatchObject({ id: made.data.id, created: 1 });
    const owners = await ws.post("/v1/posts/bulk", { rows: [{ text: "owner row", accounts: [other.account], scheduledAt: "2027-04-02T09:00:00Z" }] });
    expect(owners.status, owners.text).toBe(201);
    // A 201 is the import itself; a dry run (200) would have no id.
    const ownerImport = owners.body.dryRun ? "" : owners.body.id;
    expect(ownerImport).not.toBe("");
    const refused = await agentCall(token, "get_bulk_import", { id: ownerImport });
    expect(refused.isError).toBe(true);
    expect((refused.data.error as Structured).code).toBe("resource_not_found");
  });

  it("fails every row of an agent whose grant cannot publish or schedule, creating nothing", async () => {
    t.clock.set(new Date("2027-03-01T12:00:00Z"));
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const mine = await brandAccount(ws, "bulk-drafting-brand");
    const { tokens } = await approvedAgent(t, ws, { profiles: [mine.profile], platforms: "all", actions: ["read", "draft"], creditsPerDay: 5 });
    const made = await agentCall(tokens.access_token, "bulk_create_posts", { rows: [{ text: "scheduled", accounts: [mine.account], scheduledAt: "2027-04-01T09:00:00Z" }] });
    expect(made.data).toMatchObject({ created: 0, failed: 1 });
    expect((made.data.rows as Rows)[0]?.error?.code).toBe("agent_grant_action");
    expect((await ws.get("/v1/posts")).body.items).toEqual([]);
  });
});
