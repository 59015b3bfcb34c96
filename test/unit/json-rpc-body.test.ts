import { CallToolRequestSchema, JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { isPlainToolCall, readJsonRpcBody } from "../../src/routes/v1/mcp/json-rpc-body.js";

const call = (over: Record<string, unknown> = {}, params: Record<string, unknown> = { name: "whoami", arguments: {} }) => ({ jsonrpc: "2.0", id: 1, method: "tools/call", params, ...over });

const RefusalSchema = v.object({ jsonrpc: v.literal("2.0"), id: v.nullable(v.union([v.string(), v.number()])), error: v.object({ code: v.number() }) });

async function read(body: unknown): Promise<{ ok: true } | { status: number; code: number; id: string | number | null }> {
  const text = JSON.stringify(body);
  const result = await readJsonRpcBody({ header: () => undefined, text: async () => text });
  if ("body" in result) return { ok: true };
  // A refusal that is not a JSON-RPC 2.0 error with a numeric code fails here. (Not the SDK's
  // JSONRPCErrorResponseSchema: for a request whose id cannot be read the answer's id is null, as
  // JSON-RPC 2.0 says, where MCP's schema would leave it out.)
  const answer = v.parse(RefusalSchema, await result.refusal.json());
  return { status: result.refusal.status, code: answer.error.code, id: answer.id };
}

/**
 * readJsonRpcBody skips the SDK's schemas for a tools/call in its everyday form. That shortcut
 * must never admit what the schemas refuse, and what it leaves to them must get their answer.
 */
describe("readJsonRpcBody: the everyday tools/call shortcut", () => {
  const shortcut = [call(), call({ id: "abc" }), call({}, { name: "list_posts" }), call({}, { name: "create_post", arguments: { text: "hi", accounts: ["acc_1"] } }), call({ id: 0 })];
  const leftToSchemas: [string, unknown, { ok: true } | { status: number; code: number; id: string | number | null }][] = [
    ["a fractional id, answered with a null id (MCP ids are strings or integers)", call({ id: 1.5 }), { status: 400, code: -32600, id: null }],
    ["a null id", call({ id: null }), { status: 400, code: -32600, id: null }],
    ["an extra top-level member", call({ extra: true }), { status: 400, code: -32600, id: 1 }],
    ["jsonrpc 1.0", call({ jsonrpc: "1.0" }), { status: 400, code: -32600, id: 1 }],
    ["a numeric tool name", call({}, { name: 7 }), { status: 200, code: -32602, id: 1 }],
    ["arguments as an array", call({}, { name: "whoami", arguments: [] }), { status: 200, code: -32602, id: 1 }],
    ["arguments as a string", call({}, { name: "whoami", arguments: "{}" }), { status: 200, code: -32602, id: 1 }],
    ["params as an array", call({ params: [] }), { status: 400, code: -32600, id: 1 }],
    ["no params", { jsonrpc: "2.0", id: 1, method: "tools/call" }, { status: 200, code: -32602, id: 1 }],
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
