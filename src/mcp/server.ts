import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { Protocol, type RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolRequest, type ServerNotification, type ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import * as v from "valibot";
import { assertSafeInput } from "../http/input-limits.js";
import { issueToError } from "../http/validate.js";
import { toolJsonSchema, toolOutputSchema } from "./json-schema.js";
import { type ToolDefinition, toolAction } from "./tool.js";
import { assertAgentMay, assertGrantCurrent, recordAgentWrite } from "../domain/agents/index.js";
import { type ToolResult, toolFailure, toolSuccess } from "./tool-result.js";
import { registerResources } from "./resources.js";
import { allTools } from "./tools/index.js";
import { type RequestDispatch, StatelessJsonTransport } from "./json-transport.js";

export const MCP_SERVER_INFO = { name: "chorus", title: "Chorus unified social media API", version: "1.0.0" };

const INSTRUCTIONS =
  "One API key reaches ten social networks. Start with `whoami` and `list_social_accounts`; check a post with `validate_post`, then `create_post` with an `idempotencyKey`. Failed calls return `isError` with the REST error envelope: branch on `error.code`, follow `error.fix`, retry only when `error.retryable`.";

/** `Protocol.setRequestHandler`: the handler gets the request as its schema parsed it. */
function registerRequestHandler(
  server: Server,
  schema: typeof CallToolRequestSchema,
  handler: (request: CallToolRequest, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => Promise<ToolResult>,
): void {
  Protocol.prototype.setRequestHandler.call(server, schema, handler);
}

/** The tools/list entries, built once per isolate and tool list: the schemas never change at run time. */
const listings = new WeakMap<readonly ToolDefinition[], object[]>();
function toolListing(tools: readonly ToolDefinition[]): object[] {
  let listing = listings.get(tools);
  if (!listing) {
    listing = tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: toolJsonSchema(tool.input),
      outputSchema: toolOutputSchema(tool.output),
      annotations: tool.annotations,
    }));
    listings.set(tools, listing);
  }
  return listing;
}

/**
 * The SDK builds an Ajv instance for every Server unless given one; this server never asks the
 * client for input (the only use), so one instance per isolate serves every request and each
 * request skips Ajv's set-up.
 */
let validator: AjvJsonSchemaValidator | undefined;

/** Arguments checked by the tool's valibot schema; a refusal is the same error the REST route gives. */
function parseArguments(tool: ToolDefinition, raw: Record<string, unknown>): unknown {
  assertSafeInput(raw);
  const result = v.safeParse(tool.input, raw);
  if (result.success) return result.output;
  const [first] = result.issues;
  throw issueToError(first, tool.codes ?? {});
}

/**
 * The MCP server of this process (or Worker isolate): built and connected once, with its tool
 * list, and shared by every request. The protocol is stateless (Streamable HTTP with JSON
 * answers, no session): each POST is handed to it through the transport, which also carries the
 * request's Hono context, so each tool call runs over the workspace and grant the auth middleware
 * identified for that request. One POST carries one message (the route refuses batches), so the
 * auth middleware's count of the request against apiPerMinute is the count of its tool call.
 */
export function createMcpServer(transport: StatelessJsonTransport, tools: readonly ToolDefinition[] = allTools): Server {
  const server = new Server(MCP_SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: (validator ??= new AjvJsonSchemaValidator()),
  });
  const byName = new Map(tools.map((tool) => [tool.name, tool]));

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolListing(tools) }));
  registerResources(server);
  // Registered as Protocol registers any handler (its params schema parses each request), not
  // through Server's tools/call override, which parses the request a second time and every
  // result against CallToolResultSchema: about 5 µs a call (bench/mcp.ts) for results that are
  // built in one place (tool-result.ts) and that the SDK client checks on receipt in the tests.
  registerRequestHandler(server, CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. tools/list names every tool.`);
    const c = transport.contextOf(extra.requestId);
    // Each call gets its own domain context, so a keyed create_post's claim and its committed
    // flag (which decide what the idempotency store keeps) describe that call alone.
    const { idempotency: _requestKey, ...shared } = c.get("ctx");
    const ctx = { ...shared, effects: { committed: false } };
    try {
      // An agent's grant is checked before the arguments are even read: a refused call reads and writes nothing.
      if (ctx.agent) assertGrantCurrent(ctx.agent.grant, ctx.clock.now());
      assertAgentMay(ctx, toolAction(tool), `the tool ${tool.name}`);
      const raw = request.params.arguments ?? {};
      const input = parseArguments(tool, raw);
      const result = await tool.run({ ctx, http: c }, input, raw);
      if (!tool.annotations.readOnlyHint) await recordAgentWrite(ctx, { request: `tools/call ${tool.name}` });
      return toolSuccess(result);
    } catch (error) {
      return toolFailure(error, c);
    }
  });
  return server;
}

/**
 * The SDK server's own start of a request's handler (`Protocol._onrequest`: handler lookup, the
 * abort signal, the answer or the JSON-RPC error), which its message callback calls once it has
 * sorted a message. It is not public API, so it is looked up and checked here: if an SDK release
 * drops it, requests go through the message callback as before (slower, the same answers), and
 * test/mcp/request-dispatch.test.ts fails to say so.
 */
export function requestDispatchOf(server: Server): RequestDispatch | undefined {
  const onrequest: unknown = Reflect.get(server, "_onrequest");
  if (typeof onrequest !== "function" || onrequest.length !== 2) return undefined;
  return (request, extra) => {
    onrequest.call(server, request, extra);
  };
}

export interface McpEndpoint {
  transport: StatelessJsonTransport;
  server: Server;
}

const endpoints = new WeakMap<readonly ToolDefinition[], Promise<McpEndpoint>>();

/** The process's server for a tool list, connected on first use. */
export function mcpEndpoint(tools: readonly ToolDefinition[] = allTools): Promise<McpEndpoint> {
  let endpoint = endpoints.get(tools);
  if (!endpoint) {
    const transport = new StatelessJsonTransport();
    const server = createMcpServer(transport, tools);
    endpoint = server.connect(transport).then(() => {
      const dispatch = requestDispatchOf(server);
      if (dispatch) transport.useRequestDispatch(dispatch);
      return { transport, server };
    });
    endpoints.set(tools, endpoint);
  }
  return endpoint;
}
