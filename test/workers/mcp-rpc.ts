import { JSONRPCResultResponseSchema } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";
import { type WorkerApi, api } from "./api-call.js";

/**
 * One JSON-RPC message to the Worker's POST /v1/mcp as a Streamable HTTP client sends it (with
 * the key of `client`, the shared workspace's unless a test passes an agent's): the typed answer.
 */
export function mcpPost(message: Record<string, unknown>, options: { protocolVersion?: string; client?: WorkerApi } = {}) {
  const headers: Record<string, string> = { accept: "application/json, text/event-stream" };
  if (options.protocolVersion) headers["mcp-protocol-version"] = options.protocolVersion;
  return (options.client ?? api).post("/v1/mcp", message, { headers });
}

/**
 * The `result` of a JSON-RPC request, read through the protocol's own schema: a status other than
 * 200, a JSON-RPC error or a malformed answer fails the test. The caller parses it with the
 * method's result schema (InitializeResultSchema, CallToolResultSchema...).
 */
export async function mcpResult(method: string, params: Record<string, unknown>, options: { protocolVersion?: string; client?: WorkerApi } = {}): Promise<unknown> {
  const answer = await mcpPost({ jsonrpc: "2.0", id: crypto.randomUUID(), method, params }, options);
  expect(answer.status, answer.text).toBe(200);
  return JSONRPCResultResponseSchema.parse(answer.body).result;
}
