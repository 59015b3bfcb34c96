import { describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";
import { mcpClient, type RunningServer, withMcpTestServer } from "./mcp-server.js";

const whoami = (id: number | string) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "whoami", arguments: {} } });

/**
 * One SDK server answers every request of the process (src/mcp/json-transport.ts): requests of
 * different callers that use the same JSON-RPC id must each get their own answer, under their own id.
 */
describe("POST /v1/mcp: one server for the process", () => {
  let t: TestApp;
  let server: RunningServer;
  withMcpTestServer((running) => ({ t, server } = running));

  const post = (key: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${server.base}/v1/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body,
    });

  it("answers concurrent calls that reuse one id each for its own caller, under its own id", async () => {
    const a = await testWorkspace(t);
    const b = await testWorkspace(t);
    const calls = Array.from({ length: 24 }, (_, i) => ({ ws: i % 2 === 0 ? a : b, id: i % 3 === 0 ? "same" : 1 }));
    const answers = await Promise.all(calls.map(async ({ ws, id }) => ({ ws, id, body: await (await post(ws.key, whoami(id))).json() })));
    for (const { ws, id, body } of answers) {
      expect(body).toMatchObject({ jsonrpc: "2.0", id, result: { structuredContent: { account: ws.id } } });
    }
  });

  it("keeps the transport's header rules: 415 without a JSON body, 406 without an acceptable Accept, 400 for an unknown protocol version", async () => {
    const ws = await testWorkspace(t);
    expect((await post(ws.key, whoami(1), { "content-type": "text/plain" })).status).toBe(415);
    expect((await post(ws.key, whoami(1), { accept: "text/html" })).status).toBe(406);
    const version = await post(ws.key, whoami(1), { "mcp-protocol-version": "1999-01-01" });
    expect(version.status).toBe(400);
    expect(await version.json()).toMatchObject({ error: { message: expect.stringContaining("1999-01-01") } });
    // initialize negotiates the version itself, whatever the header says.
    const init = await post(
      ws.key,
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } }),
      { "mcp-protocol-version": "1999-01-01" },
    );
    expect(init.status).toBe(200);
    expect(await init.json()).toMatchObject({ result: { protocolVersion: "2025-11-25" } });
  });

  it("serves the official SDK client session after session (initialize, list, call) on the same server", async () => {
    const ws = await testWorkspace(t);
    for (let i = 0; i < 3; i++) {
      const client = await mcpClient(server.base, ws.key);
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("whoami");
      const result = await client.callTool({ name: "whoami", arguments: {} });
      expect((result.structuredContent as { account: string }).account).toBe(ws.id);
      await client.close();
    }
  });
});
