import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CallToolResultSchema, JSONRPCResultResponseSchema, ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect } from "vitest";
import { ORIGIN } from "../support/agent-oauth.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import type { WorkspaceFixture } from "../support/workspace-fixture.js";

/** The app on a real HTTP server (127.0.0.1, ephemeral port), as an MCP client reaches it. */
export async function listen(t: TestApp): Promise<{ base: string; close(): Promise<void> }> {
  let server: ServerType | undefined;
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
  });
  const running = server as ServerType;
  return {
    base: `http://127.0.0.1:${(running.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => running.close(() => resolve())),
  };
}

export type RunningServer = Awaited<ReturnType<typeof listen>>;

/**
 * A fresh test app on a real HTTP server for the enclosing describe block (or file): opened before
 * its tests, handed to `use`, and closed after them.
 */
export function withMcpTestServer(use: (running: { t: TestApp; server: RunningServer }) => void): void {
  let running: { t: TestApp; server: RunningServer } | undefined;
  beforeAll(async () => {
    const t = await createTestApp();
    running = { t, server: await listen(t) };
    use(running);
  });
  afterAll(async () => {
    await running?.server.close();
    await running?.t.close();
  });
}

/** The official SDK client over Streamable HTTP, authorised with an API key. */
export async function mcpClient(base: string, key: string): Promise<Client> {
  const client = new Client({ name: "chorus-test-agent", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/v1/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return client;
}

/** A raw JSON-RPC POST, for what a well-behaved client never sends. */
export function rawPost(base: string, key: string | null, body: string): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json, text/event-stream" };
  if (key) headers.authorization = `Bearer ${key}`;
  return fetch(`${base}/v1/mcp`, { method: "POST", headers, body });
}

export type Structured = Record<string, unknown>;

/** Calls a tool: whether it was refused (`isError`) and its structured content. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ isError: boolean; data: Structured }> {
  const result = await client.callTool({ name, arguments: args });
  return { isError: result.isError === true, data: result.structuredContent as Structured };
}

/**
 * A JSON-RPC call with an agent's OAuth access token, answered by the app in process: the
 * `result` of a 200 answer, read through the protocol's own schema (a JSON-RPC error or a
 * malformed result fails the test).
 */
async function agentRpc(t: TestApp, accessToken: string, method: string, params: Record<string, unknown>): Promise<unknown> {
  const response = await t.app.request(`${ORIGIN}/v1/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSONRPCResultResponseSchema.parse(JSON.parse(text)).result;
}

/** A tools/call over plain JSON-RPC with an agent's OAuth access token: whether it was refused (`isError`) and its structured content. */
export async function agentToolCall(t: TestApp, accessToken: string, name: string, args: Record<string, unknown>): Promise<{ isError: boolean; data: Structured }> {
  const result = CallToolResultSchema.parse(await agentRpc(t, accessToken, "tools/call", { name, arguments: args }));
  expect(result.structuredContent, `${name} answered no structured content`).toBeDefined();
  return { isError: result.isError === true, data: result.structuredContent ?? {} };
}

/** The names tools/list shows an agent. */
export async function agentToolNames(t: TestApp, accessToken: string): Promise<string[]> {
  return ListToolsResultSchema.parse(await agentRpc(t, accessToken, "tools/list", {})).tools.map((tool) => tool.name);
}

/** A profile named `username` with a sandbox Bluesky account in it: a brand an agent's grant can name. */
export async function brandAccount(ws: WorkspaceFixture, username: string): Promise<{ profile: string; account: string }> {
  const made = await ws.post("/v1/profiles", { username });
  expect(made.status, made.text).toBe(201);
  const connected = await ws.connect("bluesky", { handle: `${username}.test`, profile: username });
  return { profile: made.body.id, account: connected.id };
}
