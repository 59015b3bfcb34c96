import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { Context } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../http/context.js";
import { assertSafeInput } from "../http/input-limits.js";
import { issueToError } from "../http/validate.js";
import { toolJsonSchema, toolOutputSchema } from "./json-schema.js";
import { type ToolDefinition, toolAction } from "./tool.js";
import { assertAgentMay } from "../domain/agents/grant-checks.js";
import { recordAuditEvent } from "../domain/audit/record-audit-event.js";
import { toolFailure, toolSuccess } from "./tool-result.js";
import { allTools } from "./tools/index.js";
import { StatelessJsonTransport } from "./json-transport.js";

export const MCP_SERVER_INFO = { name: "chorus", title: "Chorus unified social media API", version: "1.0.0" };

const INSTRUCTIONS =
  "One API key reaches ten social networks. Start with `whoami` and `list_social_accounts`; check a post with `validate_post`, then `create_post` with an `idempotencyKey`. Failed calls return `isError` with the REST error envelope: branch on `error.code`, follow `error.fix`, retry only when `error.retryable`.";

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

/** An agent's successful writing tool call, in the audit log under the agent's id. */
async function auditAgentTool(ctx: Context<AppEnv>["var"]["ctx"], tool: string): Promise<void> {
  const agent = ctx.agent;
  if (!agent) return;
  await recordAuditEvent(ctx.db, {
    workspaceId: ctx.workspace.id,
    type: "agent.write",
    actor: agent.id,
    details: { agent: agent.id, client: agent.clientName, nickname: ctx.apiKey.nickname, request: `tools/call ${tool}` },
    at: ctx.clock.now(),
  });
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
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS, jsonSchemaValidator: (validator ??= new AjvJsonSchemaValidator()) });
  const byName = new Map(tools.map((tool) => [tool.name, tool]));

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolListing(tools) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. tools/list names every tool.`);
    const c = transport.contextOf(extra.requestId);
    // Each call gets its own domain context, so a keyed create_post's claim and its committed
    // flag (which decide what the idempotency store keeps) describe that call alone.
    const ctx = { ...c.get("ctx"), effects: { committed: false } };
    delete ctx.idempotency;
    try {
      // An agent's grant is checked before the arguments are even read: a refused call reads and writes nothing.
      assertAgentMay(ctx, toolAction(tool), `the tool ${tool.name}`);
      const raw = request.params.arguments ?? {};
      const input = parseArguments(tool, raw);
      const result = await tool.run({ ctx, http: c }, input, raw);
      if (ctx.agent && !tool.annotations.readOnlyHint) await auditAgentTool(ctx, tool.name);
      return toolSuccess(result);
    } catch (error) {
      return toolFailure(error, c);
    }
  });
  return server;
}

export interface McpEndpoint {
  transport: StatelessJsonTransport;
}

const endpoints = new WeakMap<readonly ToolDefinition[], Promise<McpEndpoint>>();

/** The process's server for a tool list, connected on first use. */
export function mcpEndpoint(tools: readonly ToolDefinition[] = allTools): Promise<McpEndpoint> {
  let endpoint = endpoints.get(tools);
  if (!endpoint) {
    const transport = new StatelessJsonTransport();
    endpoint = createMcpServer(transport, tools)
      .connect(transport)
      .then(() => ({ transport }));
    endpoints.set(tools, endpoint);
  }
  return endpoint;
}
