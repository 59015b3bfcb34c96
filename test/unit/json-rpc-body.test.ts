import { CallToolRequestSchema, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { isPlainToolCall, readJsonRpcBody } from "../../src/routes/v1/mcp/json-rpc-body.js";

const call = (over: Record<string, unknown> = {}, params: Record<string, unknown> = { name: "whoami", arguments: {} }) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params, ...over });

const RefusalSchema = v.object({ jsonrpc: v.literal("2.0"), error: v.object({ code: v.number() }) });

async function read(body: unknown): Promise<{ ok: true } | { status: number; code: number }> {
  const text = JSON.stringify(body);
  const result = await readJsonRpcBody({ header: () => undefined, text: async () => text });
  if ("body" in result) return { ok: true };
  // A refusal that is not a JSON-RPC 2.0 error with a numeric code fails here. (Not the SDK's
  // JSONRPCErrorResponseSchema: a refused request's answer echoes its id, and MCP's schema
  // refuses the fractional one of the case below.)
  const answer = v.parse(RefusalSchema, await result.refusal.json());
  return { status: result.refusal.status, code: answer.error.code };
}

/**
 * readJsonRpcBody skips the SDK's schemas for a tools/call in its everyday form. That shortcut
 * must never admit what the schemas refuse, and what it leaves to them must get their answer.
 */
describe("readJsonRpcBody: the everyday tools/call shortcut", () => {
  const shortcut = [call(), call({ id: "abc" }), call({}, { name: "list_posts" }), call({}, { name: "create_post", arguments: { text: "hi", accounts: ["acc_1"] } }), call({ id: 0 })];
  const leftToSchemas: [string, unknown, { ok: true } | { status: number; code: number }][] = [
    ["a fractional id", call({ id: 1.5 }), { status: 400, code: -32600 }],
    ["a null id", call({ id: null }), { status: 400, code: -32600 }],
    ["an extra top-level member", call({ extra: true }), { status: 400, code: -32600 }],
    ["jsonrpc 1.0", call({ jsonrpc: "1.0" }), { status: 400, code: -32600 }],
    ["a numeric tool name", call({}, { name: 7 }), { status: 200, code: -32602 }],
    ["arguments as an array", call({}, { name: "whoami", arguments: [] }), { status: 200, code: -32602 }],
    ["arguments as a string", call({}, { name: "whoami", arguments: "{}" }), { status: 200, code: -32602 }],
    ["params as an array", call({ params: [] }), { status: 400, code: -32600 }],
    ["no params", { jsonrpc: "2.0", id: 1, method: "tools/call" }, { status: 200, code: -32602 }],
    ["a progress token in _meta", call({}, { name: "whoami", arguments: {}, _meta: { progressToken: 3 } }), { ok: true }],
    ["an unknown params member", call({}, { name: "whoami", other: 1 }), { ok: true }],
  ];

  it("takes the everyday form, which both schemas accept", async () => {
    for (const body of shortcut) {
      expect(isPlainToolCall(body), JSON.stringify(body)).toBe(true);
      expect(JSONRPCMessageSchema.safeParse(body).success).toBe(true);
      expect(CallToolRequestSchema.safeParse(body).success).toBe(true);
      expect(await read(body)).toEqual({ ok: true });
    }
  });

  it("leaves every other shape to the schemas, which answer it as JSON-RPC 2.0 says", async () => {
    for (const [what, body, answer] of leftToSchemas) {
      expect(isPlainToolCall(body), what).toBe(false);
      expect(await read(body), what).toEqual(answer);
    }
  });
});
