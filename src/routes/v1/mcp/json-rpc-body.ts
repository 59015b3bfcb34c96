import { CallToolRequestSchema, InitializeRequestSchema, JSONRPCMessageSchema, ListToolsRequestSchema, PingRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { MAX_JSON_BODY_BYTES } from "../../../http/validate.js";
import { isRecord } from "../../../types/is-record.js";

type JsonRpcId = string | number | null;

/** A JSON-RPC error response (JSON-RPC 2.0 §5.1) with the HTTP status the transport answers it with. */
export function jsonRpcError(status: number, code: number, message: string, id: JsonRpcId = null): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id }, { status });
}

/**
 * The id to answer a refused request with: its own when it is one MCP allows (a string or an
 * integer), else null, as JSON-RPC 2.0 answers a request whose id cannot be read (a fractional id
 * echoed back is itself refused by MCP clients).
 */
const idOf = (message: unknown): JsonRpcId => {
  if (typeof message !== "object" || message === null || !("id" in message)) return null;
  const { id } = message;
  return typeof id === "string" || (typeof id === "number" && Number.isInteger(id)) ? id : null;
};

/**
 * The params each method this server answers must have. The SDK reports params that fail its
 * schema as an internal error (-32603); JSON-RPC 2.0 calls them -32602 Invalid params.
 */
const paramsOf: Record<string, { safeParse(value: unknown): { success: boolean } }> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  "tools/list": ListToolsRequestSchema,
  "tools/call": CallToolRequestSchema,
};

/**
 * A tools/call in its everyday form: `jsonrpc` "2.0", a string or integer id, and params holding
 * only a string `name` and, if any, an object of `arguments`. Such a message passes both schemas
 * below by construction, so it skips them (about 6 µs of every tool call); anything else (params
 * with `_meta` or `task`, another method, a malformed message) is checked by the schemas.
 */
export function isPlainToolCall(body: unknown): body is Record<string, unknown> {
  if (!isRecord(body) || body.jsonrpc !== "2.0" || body.method !== "tools/call") return false;
  if (typeof body.id !== "string" && !Number.isInteger(body.id)) return false;
  for (const key in body) if (key !== "jsonrpc" && key !== "id" && key !== "method" && key !== "params") return false;
  const params = body.params;
  if (!isRecord(params) || typeof params.name !== "string") return false;
  for (const key in params) if (key !== "name" && key !== "arguments") return false;
  return params.arguments === undefined || isRecord(params.arguments);
}

/**
 * Reads the POST body as JSON-RPC before the SDK transport sees it. The transport calls every
 * unreadable message a parse error (-32700); JSON-RPC 2.0 keeps that code for text that is not
 * JSON and answers -32600 Invalid Request for JSON that is not a request object (a wrong
 * `jsonrpc`, no `method`), with the request's id when it has one. A batch is -32600 too: the
 * Streamable HTTP transport of protocol revision 2025-11-25 takes one message per POST.
 */
export async function readJsonRpcBody(request: { header(name: string): string | undefined; text(): Promise<string> }): Promise<{ body: Record<string, unknown> } | { refusal: Response }> {
  if (Number(request.header("content-length") ?? "0") > MAX_JSON_BODY_BYTES) {
    return { refusal: jsonRpcError(413, -32600, `Invalid Request: the body is over ${MAX_JSON_BODY_BYTES} bytes.`) };
  }
  const text = await request.text();
  // UTF-8 takes at most 3 bytes per UTF-16 unit, so only a long text needs its bytes counted.
  if (text.length * 3 > MAX_JSON_BODY_BYTES && new TextEncoder().encode(text).byteLength > MAX_JSON_BODY_BYTES) {
    return { refusal: jsonRpcError(413, -32600, `Invalid Request: the body is over ${MAX_JSON_BODY_BYTES} bytes.`) };
  }
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    return { refusal: jsonRpcError(400, -32700, "Parse error: the body is not JSON.") };
  }
  if (Array.isArray(body)) return { refusal: jsonRpcError(400, -32600, "Invalid Request: send one JSON-RPC message per POST; batches are not part of protocol revision 2025-11-25.") };
  if (isPlainToolCall(body)) return { body };
  if (!JSONRPCMessageSchema.safeParse(body).success) {
    return { refusal: jsonRpcError(400, -32600, 'Invalid Request: not a JSON-RPC 2.0 message (`jsonrpc` must be "2.0", with a `method` or a result).', idOf(body)) };
  }
  const method = typeof body === "object" && body !== null && "method" in body ? body.method : undefined;
  const schema = typeof method === "string" && "id" in (body as object) ? paramsOf[method] : undefined;
  if (schema && !schema.safeParse(body).success) {
    // A well-formed request whose params are wrong: answered like any JSON-RPC error, with 200.
    return { refusal: jsonRpcError(200, -32602, `Invalid params for ${method}.`, idOf(body)) };
  }
  return { body: body as Record<string, unknown> };
}
