import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolAction } from "../../src/mcp/tool.js";
import { allTools } from "../../src/mcp/tools/index.js";
import { platformIds } from "../../src/networks/registry.js";
import { ORIGIN, agentRequest, approvedAgent } from "../support/agent-oauth.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { useWebhookReceivers } from "../support/webhook-receivers.js";
import { type WorkspaceFixture, testWorkspace, workspaceFixture } from "../support/workspace-fixture.js";
import { type RunningServer, listen, mcpClient } from "./mcp-server.js";

type ToolError = { error: { code: string; fix: string | null } };

/**
 * Issue 31: a tool for each operation an agent needs, each described for the agent (title,
 * annotations, output schema), the capability registry as resources, every tool refused one by
 * one to an agent whose grant does not include it, and a grant that expires. All through the
 * official MCP SDK client over HTTP.
 */
describe("MCP tools for everything an agent does", () => {
  let t: TestApp;
  let server: RunningServer;
  let ws: WorkspaceFixture;
  let owner: Client;
  const receiver = useWebhookReceivers();
  beforeAll(async () => {
    // Webhooks on a loopback receiver: a public URL would be refused by the delivery guard offline.
    t = await createTestApp({ deps: { loopbackWebhooks: true } });
    server = await listen(t);
    ws = await testWorkspace(t);
    owner = await mcpClient(server.base, ws.key);
  });
  afterAll(async () => {
    await owner?.close();
    await server?.close();
  });

  it("lists every tool with a title, the three annotations and an output schema", async () => {
    const { tools } = await owner.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(allTools.map((tool) => tool.name).sort());
    expect(tools.length).toBeGreaterThanOrEqual(45);
    for (const name of [
      "hide_comment",
      "delete_comment",
      "list_messages",
      "mark_notifications_seen",
      "list_events",
      "get_event",
      "list_webhooks",
      "list_webhook_deliveries",
      "get_public_profile",
      "list_followers",
      "list_account_posts",
    ]) {
      expect(
        tools.some((tool) => tool.name === name),
        name,
      ).toBe(true);
    }
    for (const tool of tools) {
      expect(tool.title, tool.name).toEqual(expect.any(String));
      expect(typeof tool.annotations?.readOnlyHint, tool.name).toBe("boolean");
      expect(typeof tool.annotations?.destructiveHint, tool.name).toBe("boolean");
      expect(typeof tool.annotations?.idempotentHint, tool.name).toBe("boolean");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
    }
    expect(tools.find((tool) => tool.name === "delete_comment")?.annotations?.destructiveHint).toBe(true);
    expect(tools.find((tool) => tool.name === "list_events")?.annotations?.readOnlyHint).toBe(true);
  });

  it("offers the capability registry as resources, the whole and per network", async () => {
    const { resources } = await owner.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(["chorus://platforms", ...platformIds.map((id) => `chorus://platforms/${id}`)]);
    const { resourceTemplates } = await owner.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(["chorus://platforms/{platform}"]);

    const textOf = (result: { contents: object[] }) => String((result.contents[0] as { text?: string } | undefined)?.text);
    const all = await owner.readResource({ uri: "chorus://platforms" });
    const rest = await (await t.app.request(`${ORIGIN}/v1/platforms`)).json();
    expect(JSON.parse(textOf(all))).toEqual(rest);
    expect(JSON.parse(textOf(await owner.readResource({ uri: "chorus://platforms/bluesky" })))).toMatchObject({ platform: "bluesky" });
    await expect(owner.readResource({ uri: "chorus://platforms/myspace" })).rejects.toThrow(/Unknown resource/);
  });

  it("the event log answers through its tool as through REST", async () => {
    const { url } = await receiver();
    await ws.createWebhook({ url });
    const result = await owner.callTool({ name: "list_webhooks", arguments: { limit: 5 } });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { items: { url: string }[] }).items.map((item) => item.url)).toEqual([url]);
    const events = await owner.callTool({ name: "list_events", arguments: {} });
    const rest = await ws.read("/v1/events");
    expect((events.structuredContent as { items: { id: string }[] }).items.map((item) => item.id)).toEqual(rest.items.map((item) => item.id));
  });

  it("refuses every tool, one by one, to an agent whose grant does not include it, naming what is missing", async () => {
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: "all", actions: ["read"], creditsPerDay: 0 });
    const agent = await mcpClient(server.base, tokens.access_token);
    try {
      let refused = 0;
      for (const tool of allTools) {
        const action = toolAction(tool);
        if (action === "read" || action === "self") continue;
        const result = await agent.callTool({ name: tool.name, arguments: {} });
        expect(result.isError, tool.name).toBe(true);
        const { error } = result.structuredContent as ToolError;
        expect(error.code, tool.name).toBe(action === "owner" ? "agent_grant_owner_only" : "agent_grant_action");
        if (action !== "owner") expect(error.fix, tool.name).toContain(`\`${action}\``);
        refused += 1;
      }
      expect(refused).toBeGreaterThanOrEqual(15);
      // A tool inside the grant answers.
      expect((await agent.callTool({ name: "list_events", arguments: {} })).isError).toBeFalsy();
    } finally {
      await agent.close();
    }
  });

  it("a grant that expires: refused with agent_grant_expired after expiresAt, on REST and on every tool", async () => {
    const { tokens, agentId } = await approvedAgent(t, ws, { profiles: "all", platforms: "all", actions: ["read"], creditsPerDay: 0 });
    const grant = { profiles: null, platforms: null, actions: ["read"], creditsPerDay: 0, purchasedCredits: false };
    const past = await ws.patch(`/v1/agents/${agentId}`, { grant: { ...grant, expiresAt: new Date(t.clock.now().getTime() - 1000).toISOString() } });
    expect(past.status).toBe(400);
    expect(past.error.param).toBe("grant.expiresAt");

    const expiresAt = new Date(t.clock.now().getTime() + 10 * 60_000).toISOString();
    const patched = await ws.patch(`/v1/agents/${agentId}`, { grant: { ...grant, expiresAt } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.grant.expiresAt).toBe(expiresAt);

    const rest = workspaceFixture(t, { id: ws.id, key: tokens.access_token, keyId: agentId, request: agentRequest(t, tokens.access_token) });
    expect((await rest.get("/v1/posts")).status).toBe(200);
    const agent = await mcpClient(server.base, tokens.access_token);
    try {
      expect((await agent.callTool({ name: "whoami", arguments: {} })).isError).toBeFalsy();
      t.clock.advance(11 * 60_000);
      const refusedRest = await rest.get("/v1/posts");
      expect(refusedRest.status).toBe(403);
      expect(refusedRest.error.code).toBe("agent_grant_expired");
      for (const name of ["whoami", "list_posts", "list_events"]) {
        const result = await agent.callTool({ name, arguments: {} });
        expect(result.isError, name).toBe(true);
        expect((result.structuredContent as ToolError).error.code, name).toBe("agent_grant_expired");
      }
      // The owner renews it: the agent works again.
      const renewed = await ws.patch(`/v1/agents/${agentId}`, { grant: { ...grant, expiresAt: null } });
      expect(renewed.status).toBe(200);
      expect((await agent.callTool({ name: "list_posts", arguments: {} })).isError).toBeFalsy();
    } finally {
      await agent.close();
    }
  });
});
