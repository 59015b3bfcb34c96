import * as v from "valibot";
import { named, namedBody } from "../../openapi-helpers.js";

const JsonRpcId = v.pipe(v.union([v.string(), v.pipe(v.number(), v.integer())]), v.description("Chosen by the client; echoed in the response."));

export const JsonRpcRequestBody = namedBody(
  "McpRequest",
  v.object({
    jsonrpc: v.literal("2.0"),
    id: v.optional(JsonRpcId),
    method: v.pipe(v.string(), v.description("`initialize`, `ping`, `tools/list`, `tools/call`, or a notification such as `notifications/initialized` (no `id`).")),
    params: v.optional(v.record(v.string(), v.unknown())),
  }),
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "whoami", arguments: {} } },
);

export const JsonRpcResponseSchema = named(
  "McpResponse",
  v.object({
    jsonrpc: v.literal("2.0"),
    id: v.nullable(JsonRpcId),
    result: v.pipe(v.optional(v.record(v.string(), v.unknown())), v.description("For `tools/call`: `content`, `structuredContent` and, on a refusal, `isError: true` with the REST error envelope.")),
    error: v.pipe(v.optional(v.object({ code: v.pipe(v.number(), v.integer()), message: v.string() })), v.description("A protocol error: -32600, -32601, -32602 and so on.")),
  }),
  { jsonrpc: "2.0", id: 1, result: { content: [{ type: "text", text: '{"account":"ws_2Jd8Ls5Qw1Zx9Vb4"}' }], structuredContent: { account: "ws_2Jd8Ls5Qw1Zx9Vb4" } } },
);

export const JsonRpcErrorSchema = named(
  "McpProtocolError",
  v.object({
    jsonrpc: v.literal("2.0"),
    id: v.nullable(JsonRpcId),
    error: v.object({ code: v.pipe(v.number(), v.integer(), v.description("-32700 not JSON; -32600 not a JSON-RPC 2.0 message, a batch, or too large.")), message: v.string() }),
  }),
  { jsonrpc: "2.0", id: 7, error: { code: -32600, message: "Invalid Request: not a JSON-RPC 2.0 message." } },
);
