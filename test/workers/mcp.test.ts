/**
 * POST /v1/mcp inside workerd (src/worker.ts with Neon through the ws proxy and the Upstash
 * shim): the SDK's MCP server and the Hono transport run in the Workers runtime, stateless.
 */
import { CallToolResultSchema, InitializeResultSchema, ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, inject, it } from "vitest";
import { mcpPost, mcpResult } from "./mcp-rpc.js";
import type {} from "./provided-context.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/mcp.test] skipped: ${skipReason}`);

describe.skipIf(skipReason)("MCP endpoint in workerd", () => {
  it("initialize, tools/list and tools/call whoami answer over stateless Streamable HTTP", async () => {
    const initialized = InitializeResultSchema.parse(await mcpResult("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "workerd-test", version: "1.0.0" } }));
    expect(initialized.serverInfo.name).toBe("chorus");
    const protocolVersion = initialized.protocolVersion;
    expect((await mcpPost({ jsonrpc: "2.0", method: "notifications/initialized" }, { protocolVersion })).status).toBe(202);

    const { tools } = ListToolsResultSchema.parse(await mcpResult("tools/list", {}, { protocolVersion }));
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(["whoami", "create_post", "get_post", "upload_media"]));
    for (const tool of tools) expect([tool.inputSchema.type, tool.outputSchema?.type]).toEqual(["object", "object"]);

    const whoami = CallToolResultSchema.parse(await mcpResult("tools/call", { name: "whoami", arguments: {} }, { protocolVersion }));
    expect(whoami.isError).toBeUndefined();
    expect(whoami.structuredContent).toMatchObject({ account: inject("workspaceId") });
  });
});
