import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { mcpEndpoint, requestDispatchOf } from "../../src/mcp/server.js";
import type { TestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";
import { rawPost, type RunningServer, withMcpTestServer } from "./mcp-server.js";

const message = (id: number, method: string, params?: object) => JSON.stringify({ jsonrpc: "2.0", id, method, ...(params ? { params } : {}) });

/** What a client may send, well-formed or not: every answer must be the same whichever way the server starts its handler. */
const messages = [
  message(1, "initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } }),
  message(2, "ping"),
  message(3, "tools/list"),
  message(4, "tools/call", { name: "whoami", arguments: {} }),
  message(5, "tools/call", { name: "get_limits" }),
  message(6, "tools/call", { name: "whoami", arguments: {}, _meta: { progressToken: 9 } }),
  message(7, "tools/call", { name: "no_such_tool", arguments: {} }),
  message(8, "tools/call", { name: "create_post", arguments: { text: 42 } }),
  message(9, "tools/call", { name: "whoami", arguments: {}, task: { ttl: 1000 } }),
  message(10, "prompts/list"),
  JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
];

/**
 * src/mcp/json-transport.ts hands requests to the SDK server's own request dispatch
 * (`Protocol._onrequest`, not public API) instead of its message callback, which sorts every
 * message with two zod parses that fail. This fails if an SDK release drops or changes it.
 */
describe("POST /v1/mcp: requests start through the SDK server's request dispatch", () => {
  let t: TestApp;
  let server: RunningServer;
  withMcpTestServer((running) => ({ t, server } = running));

  async function answers(key: string): Promise<{ status: number; body: unknown }[]> {
    const out = [];
    for (const body of messages) {
      const response = await rawPost(server.base, key, body);
      // Each request has its own id in error envelopes; nothing else may differ.
      const text = response.status === 202 ? "null" : (await response.text()).replace(/req_[A-Za-z0-9]{20}/g, "req_");
      out.push({ status: response.status, body: JSON.parse(text) as unknown });
    }
    return out;
  }

  it("finds the dispatch on the pinned SDK, uses it for every request, and answers exactly as the message callback does", async () => {
    const ws = await testWorkspace(t);
    const { transport, server: mcp } = await mcpEndpoint();
    const dispatch = requestDispatchOf(mcp);
    expect(dispatch, "the SDK no longer has Protocol._onrequest(request, extra): see src/mcp/server.ts").toBeTypeOf("function");
    if (!dispatch) return;
    let dispatched = 0;
    transport.useRequestDispatch((request, extra) => {
      dispatched += 1;
      dispatch(request, extra);
    });
    try {
      const direct = await answers(ws.key);
      expect(dispatched).toBe(messages.length - 1);
      transport.useRequestDispatch(undefined);
      const sorted = await answers(ws.key);
      expect(dispatched).toBe(messages.length - 1);
      expect(direct).toEqual(sorted);
      // The answers are what they should be, not merely alike.
      const [init, ping, list, whoami, limits, withMeta, unknownTool, badArguments, task, unknownMethod, notification] = direct;
      expect(init?.body).toMatchObject({ id: 1, result: { protocolVersion: "2025-11-25", serverInfo: { name: "chorus" } } });
      expect(ping?.body).toEqual({ jsonrpc: "2.0", id: 2, result: {} });
      expect((list?.body as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(10);
      expect(whoami?.body).toMatchObject({ id: 4, result: { structuredContent: { account: ws.id } } });
      expect(limits?.body).toMatchObject({ id: 5, result: { structuredContent: { credits: expect.any(Object) } } });
      expect(withMeta?.body).toMatchObject({ id: 6, result: { structuredContent: { account: ws.id } } });
      expect(unknownTool?.body).toMatchObject({ id: 7, error: { code: -32602 } });
      expect(badArguments?.body).toMatchObject({ id: 8, result: { isError: true, structuredContent: { error: { code: expect.any(String), param: "text" } } } });
      expect(task?.body).toMatchObject({ id: 9, error: { code: expect.any(Number) } });
      expect(unknownMethod?.body).toMatchObject({ id: 10, error: { code: -32601 } });
      expect(notification).toEqual({ status: 202, body: null });
      // Tool results skip the SDK server's own result check (src/mcp/server.ts): they must pass it anyway.
      for (const answer of [whoami, limits, withMeta, badArguments]) {
        expect(CallToolResultSchema.safeParse((answer?.body as { result: unknown }).result).success).toBe(true);
      }
    } finally {
      transport.useRequestDispatch(dispatch);
    }
  });
});
