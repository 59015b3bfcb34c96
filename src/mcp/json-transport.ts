import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { DEFAULT_NEGOTIATED_PROTOCOL_VERSION, type JSONRPCMessage, type JSONRPCRequest, type RequestId, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import type { Context } from "hono";
import type { AppEnv } from "../http/context.js";

type JsonRpcId = string | number;
type MessageExtra = Parameters<NonNullable<Transport["onmessage"]>>[1];
/** How a server starts the handler of one request that is known to be a request. */
export type RequestDispatch = (request: JSONRPCRequest, extra: MessageExtra) => void;
type Pending = { id: JsonRpcId; http: Context<AppEnv>; resolve: (message: JSONRPCMessage) => void };

function jsonRpcRefusal(status: number, code: number, message: string): Response {
  return Response.json({ jsonrpc: "2.0", error: { code, message }, id: null }, { status });
}

/**
 * Streamable HTTP in its stateless JSON form (no session, no server-sent stream), as a transport
 * that one SDK `Server` stays connected to for the life of the process. Each POST is handed to the
 * server under an id of this transport's own, so requests of different callers that reuse the
 * same JSON-RPC id (every client starts at 1) never meet; the answer goes back under the caller's
 * id. The request's Hono context travels with that id, so a tool runs for the caller who sent it.
 *
 * Messages arrive already checked (readJsonRpcBody) and are told apart by shape here: the
 * transports that validate every message again with zod, before and after the server does, cost
 * more than the whole REST answer to GET /v1/me.
 *
 * A request goes to the server's own request dispatch (`useRequestDispatch`) when the SDK has it:
 * the SDK's message callback first parses each message as a result and as an error response, and
 * those two failed zod parses cost about 23 µs of every tool call (bench/mcp.ts). Everything after
 * the sorting (handler lookup, params schema, capability checks, errors, the answer) stays the
 * SDK's.
 */
export class StatelessJsonTransport implements Transport {
  onmessage?: Transport["onmessage"];
  onclose?: Transport["onclose"];
  onerror?: Transport["onerror"];
  private readonly pending = new Map<number, Pending>();
  private next = 0;
  private dispatchRequest?: RequestDispatch;

  /** Hands requests to this dispatch instead of `onmessage` (see the class comment); undefined goes back to `onmessage`. */
  useRequestDispatch(dispatch: RequestDispatch | undefined): void {
    this.dispatchRequest = dispatch;
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.pending.clear();
    this.onclose?.();
  }

  /** The request a server-side handler is running for (`extra.requestId`). */
  contextOf(requestId: RequestId): Context<AppEnv> {
    const pending = typeof requestId === "number" ? this.pending.get(requestId) : undefined;
    if (!pending) throw new Error(`No HTTP request is waiting for MCP request ${String(requestId)}.`);
    return pending.http;
  }

  /**
   * Only the response to a request is delivered (as the JSON body of its POST); the server sends
   * nothing else in this server's tools (no progress, no logging), and a stateless JSON answer has
   * no stream to carry it.
   */
  async send(message: JSONRPCMessage): Promise<void> {
    if ("method" in message || !("id" in message) || typeof message.id !== "number") return;
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    this.pending.delete(message.id);
    waiting.resolve({ ...message, id: waiting.id } as JSONRPCMessage);
  }

  /**
   * One POST: the header checks of the transport (406 without an acceptable Accept, 415 without a
   * JSON body, 400 for an MCP-Protocol-Version this SDK does not speak, except on `initialize`,
   * which negotiates it), then 202 for a notification or the JSON-RPC response for a request.
   */
  async handle(c: Context<AppEnv>, message: Record<string, unknown>): Promise<Response> {
    const accept = c.req.header("accept") ?? "*/*";
    if (!accept.includes("application/json") && !accept.includes("text/event-stream") && !accept.includes("*/*")) {
      return jsonRpcRefusal(406, -32000, "Not Acceptable: the client must accept application/json or text/event-stream.");
    }
    if (!c.req.header("content-type")?.includes("application/json")) return jsonRpcRefusal(415, -32000, "Unsupported Media Type: Content-Type must be application/json.");
    if (message.method !== "initialize") {
      const version = c.req.header("mcp-protocol-version") ?? DEFAULT_NEGOTIATED_PROTOCOL_VERSION;
      if (!SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
        return jsonRpcRefusal(400, -32000, `Bad Request: unsupported MCP-Protocol-Version ${version} (supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")}).`);
      }
    }
    // Handed through to handlers as `extra.requestInfo`; none of ours reads it, so the header
    // record is built only if something asks.
    const extra = {
      requestInfo: {
        get headers() {
          return c.req.header();
        },
      },
    };
    const id = message.id;
    if (typeof message.method !== "string" || (typeof id !== "string" && typeof id !== "number")) {
      // A notification (or a response, which this server never asked for): accepted, nothing to answer.
      this.deliver(message as JSONRPCMessage, extra);
      return c.body(null, 202);
    }
    this.next = (this.next + 1) % Number.MAX_SAFE_INTEGER;
    const internal = this.next;
    const answered = new Promise<JSONRPCMessage>((resolve) => this.pending.set(internal, { id, http: c, resolve }));
    const request = { ...message, id: internal } as JSONRPCRequest;
    if (this.dispatchRequest) this.dispatchRequest(request, extra);
    else this.deliver(request, extra);
    return c.json(await answered);
  }

  /**
   * Through the SDK's message callback (notifications, and requests if the dispatch is missing):
   * it tells a message's kind by parsing it against the response schemas first, and the stacks of
   * those failed parses' errors are most of their cost. Stacks are off only while the SDK sorts
   * the message and starts its handler: the handler itself runs on a later microtask, after the
   * limit is restored, so a tool's errors keep their stacks.
   */
  private deliver(message: JSONRPCMessage, extra: MessageExtra): void {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      this.onmessage?.(message, extra);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}
