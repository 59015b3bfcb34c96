import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { describe, expect, it } from "vitest";
import type { TestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { mcpClient, rawPost, type RunningServer, withMcpTestServer } from "./mcp-server.js";

const createPost = (id: number, args: Record<string, unknown>) => JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "create_post", arguments: args } });

describe("POST /v1/mcp: the transport and JSON-RPC", () => {
  let t: TestApp;
  let server: RunningServer;
  withMcpTestServer((running) => ({ t, server } = running));

  const postCount = async (ws: WorkspaceFixture): Promise<number> => (await ws.read("/v1/posts")).items.length;

  it("answers a missing or invalid key with 401, WWW-Authenticate and the error envelope; the SDK client sees 401", async () => {
    const missing = await rawPost(server.base, null, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer realm="chorus", resource_metadata="http[^"]+\/.well-known\/oauth-protected-resource\/v1\/mcp"$/);
    expect(await missing.json()).toMatchObject({ error: { code: "unauthorized" } });
    const invalid = await rawPost(server.base, "sk_test_not_a_real_key", JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
    expect(invalid.status).toBe(401);
    expect(invalid.headers.get("www-authenticate")).toMatch(/^Bearer realm="chorus", error="invalid_token"/);
    const refused = await mcpClient(server.base, "sk_test_not_a_real_key").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StreamableHTTPError);
    expect((refused as StreamableHTTPError).code).toBe(401);
  });

  it("refuses a wrong jsonrpc version with -32600 and the request's id, running nothing", async () => {
    const ws = await testWorkspace(t);
    const response = await rawPost(server.base, ws.key, JSON.stringify({ jsonrpc: "1.0", id: 7, method: "tools/call", params: { name: "create_post", arguments: { text: "never", draft: true } } }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ jsonrpc: "2.0", id: 7, error: { code: -32600, message: expect.stringContaining("Invalid Request") } });
    expect(await postCount(ws)).toBe(0);
  });

  it("answers text that is not JSON with -32700", async () => {
    const ws = await testWorkspace(t);
    const response = await rawPost(server.base, ws.key, "{ not json");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 } });
  });

  it("answers an unknown method with -32601", async () => {
    const ws = await testWorkspace(t);
    const response = await rawPost(server.base, ws.key, JSON.stringify({ jsonrpc: "2.0", id: "a", method: "posts/delete_everything", params: {} }));
    expect(await response.json()).toMatchObject({ jsonrpc: "2.0", id: "a", error: { code: -32601 } });
  });

  it("answers invalid tools/call params and an unknown tool with -32602, writing nothing", async () => {
    const ws = await testWorkspace(t);
    const noName = await rawPost(server.base, ws.key, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { arguments: { text: "never", draft: true } } }));
    expect(await noName.json()).toMatchObject({ id: 1, error: { code: -32602 } });
    const notObject = await rawPost(server.base, ws.key, JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "create_post", arguments: "text=never" } }));
    expect(await notObject.json()).toMatchObject({ id: 2, error: { code: -32602 } });
    const unknownTool = await rawPost(server.base, ws.key, JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "delete_everything", arguments: {} } }));
    expect(await unknownTool.json()).toMatchObject({ id: 3, error: { code: -32602, message: expect.stringContaining("Unknown tool") } });
    expect(await postCount(ws)).toBe(0);
  });

  it("refuses a batch with -32600 (one message per POST in revision 2025-11-25), running none of it", async () => {
    const ws = await testWorkspace(t);
    const response = await rawPost(server.base, ws.key, `[${createPost(1, { text: "never", draft: true })}]`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32600 } });
    expect(await postCount(ws)).toBe(0);
  });

  it("accepts a notification with 202 and no body", async () => {
    const ws = await testWorkspace(t);
    const response = await rawPost(server.base, ws.key, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }));
    expect(response.status).toBe(202);
  });

  it("answers GET and DELETE with 405 and Allow: POST (no server-sent stream, no session)", async () => {
    const ws = await testWorkspace(t);
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(`${server.base}/v1/mcp`, { method, headers: { authorization: `Bearer ${ws.key}`, accept: "text/event-stream" } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
  });

  it("create_post with an idempotency key publishes once; REST with the same key replays the same post", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = (await ws.connect("twitter", { handle: "mcp-once" })).id;
    const client = await mcpClient(server.base, ws.key);
    const args = { text: "Exactly once", accounts: [account], idempotencyKey: "agent-run-42" };
    const first = await client.callTool({ name: "create_post", arguments: args });
    const second = await client.callTool({ name: "create_post", arguments: args });
    expect(first.isError).not.toBe(true);
    expect(second.structuredContent).toEqual(first.structuredContent);
    const viaRest = await ws.post("/v1/posts", { text: "Exactly once", accounts: [account] }, { headers: { "idempotency-key": "agent-run-42" } });
    expect(viaRest.headers.get("idempotent-replayed")).toBe("true");
    expect(viaRest.body).toEqual(first.structuredContent);
    const reused = await client.callTool({ name: "create_post", arguments: { ...args, text: "Something else" } });
    expect(reused.isError).toBe(true);
    expect(reused.structuredContent).toMatchObject({ error: { code: "idempotency_key_reused", param: "Idempotency-Key" } });
    expect(await postCount(ws)).toBe(1);
    await client.close();
  });

  it("an agent of workspace B cannot read A's post: the same not-found as REST", async () => {
    const a = await testWorkspace(t);
    const b = await a.otherWorkspace();
    const account = (await a.connect("twitter", { handle: "mcp-isolated" })).id;
    const clientA = await mcpClient(server.base, a.key);
    const draft = await clientA.callTool({ name: "create_post", arguments: { text: "A's draft", draft: true, accounts: [account] } });
    expect(draft.isError, JSON.stringify(draft.structuredContent)).not.toBe(true);
    const postId = (draft.structuredContent as { id: string }).id;
    const clientB = await mcpClient(server.base, b.key);
    const seen = await clientB.callTool({ name: "get_post", arguments: { id: postId } });
    expect(seen.isError).toBe(true);
    const rest = await b.get(`/v1/posts/${postId}`);
    expect(rest.status).toBe(404);
    const restError = rest.error;
    const { requestId: _r, ...mcpError } = (seen.structuredContent as { error: Record<string, unknown> }).error;
    const { requestId: _s, ...sameError } = restError;
    expect(mcpError).toEqual(sameError);
    const listed = await clientB.callTool({ name: "list_posts", arguments: {} });
    expect((listed.structuredContent as { items: unknown[] }).items).toEqual([]);
    await clientA.close();
    await clientB.close();
  });
});
