/**
 * POST /v1/mcp inside workerd (src/worker.ts with Neon through the ws proxy and the Upstash
 * shim): the SDK's MCP server and the Hono transport run in the Workers runtime, stateless.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/mcp.test] skipped: ${skipReason}`);

function rpc(body: unknown, protocolVersion?: string): Promise<Response> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${inject("apiKey")}`,
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  if (protocolVersion) headers["mcp-protocol-version"] = protocolVersion;
  return SELF.fetch("https://chorus.test/v1/mcp", { method: "POST", headers, body: JSON.stringify(body) });
}

describe.skipIf(skipReason)("MCP endpoint in workerd", () => {
  it("initialize, tools/list and tools/call whoami answer over stateless Streamable HTTP", async () => {
    const init = await rpc({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "workerd-test", version: "1.0.0" } } });
    expect(init.status).toBe(200);
    const initialized = (await init.json()) as { result: { protocolVersion: string; serverInfo: { name: string } } };
    expect(initialized.result.serverInfo.name).toBe("chorus");
    const version = initialized.result.protocolVersion;
    expect((await rpc({ jsonrpc: "2.0", method: "notifications/initialized" }, version)).status).toBe(202);

    const list = await rpc({ jsonrpc: "2.0", id: 2, method: "tools/list" }, version);
    const tools = ((await list.json()) as { result: { tools: { name: string; inputSchema: { type: string }; outputSchema: { type: string } }[] } }).result.tools;
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["whoami", "create_post", "get_post", "upload_media"]));
    for (const tool of tools) expect([tool.inputSchema.type, tool.outputSchema.type]).toEqual(["object", "object"]);

    const whoami = await rpc({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "whoami", arguments: {} } }, version);
    const answer = (await whoami.json()) as { result: { isError?: boolean; structuredContent: { account: string } } };
    expect(answer.result.isError).toBeUndefined();
    expect(answer.result.structuredContent.account).toBe(inject("workspaceId"));
  });
});
