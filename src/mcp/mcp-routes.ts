import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AppEnv } from "../http/context.js";
import { allTools } from "./tools/index.js";
import * as v from "valibot";
import { errorResponses, jsonResponse, openApiSchema, security } from "../routes/openapi-helpers.js";
import { JsonRpcErrorSchema, JsonRpcRequestBody, JsonRpcResponseSchema } from "../routes/v1/mcp/schema.js";

const description = `Model Context Protocol (protocol revision 2025-11-25) over Streamable HTTP, for agents. Send JSON-RPC 2.0 messages (\`initialize\`, \`tools/list\`, \`tools/call\`, notifications) with \`Authorization: Bearer <key>\`; answers are \`application/json\`.

Agents authorise with OAuth 2.1 instead of a key (MCP authorization): a 401 names \`resource_metadata\` (\`/.well-known/oauth-protected-resource/v1/mcp\`), whose authorization server (\`/.well-known/oauth-authorization-server\`) offers dynamic client registration (\`POST /oauth/register\`) or, instead, a Client ID Metadata Document (\`client_id_metadata_document_supported\`: the \`client_id\` is the https URL of a JSON document naming that same URL as \`client_id\`, a \`client_name\` and the \`redirect_uris\`; it is read on the consent page for the signed-in owner, cached for up to 10 minutes per its Cache-Control, and its host is shown to the owner), the authorization code with PKCE S256 only (\`GET /oauth/authorize\`, answered by the workspace owner on a consent page), one-hour access tokens with rotating refresh tokens (\`POST /oauth/token\`) and revocation (\`POST /oauth/revoke\`). The owner's grant bounds every call: brands, networks, actions, credits per day and purchased credits; a call outside it is refused with an \`agent_grant_*\` code. The server is stateless: no \`Mcp-Session-Id\`; GET (no server-sent stream is offered) and DELETE answer 405 \`method_not_allowed\` with \`Allow: POST\`.

Tools run the same domain functions as the REST operations they name and count against the same limits: every call against \`apiPerMinute\`, \`create_post\` and \`publish_draft\` also against \`postsPerMinute\`. Each tool publishes a JSON Schema input and output schema; a refused call returns \`isError: true\` with the REST error envelope (\`code\`, \`param\`, \`fix\`, \`retryable\`) as structured content. Malformed messages get JSON-RPC errors: -32700 (not JSON), -32600 (not a JSON-RPC 2.0 message), -32601 (unknown method), -32602 (invalid params, unknown tool).

Tools: ${allTools.map((tool) => `\`${tool.name}\` (${tool.description.split(/(?<=\.)\s/)[0]})`).join("; ")}.`;

/** The REST envelope for refusals before the protocol (401, 429), JSON-RPC errors for refused messages. */
function mcpResponses() {
  const { 400: _guard, ...rest } = errorResponses([]) as Record<string, object>;
  return {
    ...rest,
    200: jsonResponse(JsonRpcResponseSchema, "The JSON-RPC response (a tool's refusal is a result with `isError: true`)."),
    202: jsonResponse(v.null(), "Accepted: the body was a notification.", null),
    400: jsonResponse(
      JsonRpcErrorSchema,
      "A JSON-RPC error: -32700 (not JSON), -32600 (not a JSON-RPC 2.0 message, or a batch), or -32000 for an `MCP-Protocol-Version` header this server does not speak.",
    ),
    406: jsonResponse(JsonRpcErrorSchema, "A JSON-RPC error (-32000): `Accept` names neither application/json nor text/event-stream."),
    415: jsonResponse(JsonRpcErrorSchema, "A JSON-RPC error (-32000): the body is not sent as application/json."),
    413: jsonResponse(JsonRpcErrorSchema, "A JSON-RPC error: -32600, the body is over 1 MB."),
  };
}

export const mcpRoutes = new Hono<AppEnv>().post(
  "/mcp",
  describeRoute({
    operationId: "mcp",
    tags: ["Agents"],
    summary: "MCP endpoint (Streamable HTTP, JSON-RPC 2.0) for agents",
    description,
    security,
    requestBody: {
      required: true,
      description: "One JSON-RPC 2.0 message.",
      content: { "application/json": { schema: openApiSchema(JsonRpcRequestBody) } },
    },
    responses: mcpResponses(),
  }),
  async (c) => {
    // The MCP SDK (its zod schemas) is a quarter of the app's memory and start-up: loaded on the
    // first MCP request, so a server or isolate that never serves an agent never pays for it.
    const [{ readJsonRpcBody }, { mcpEndpoint }] = await Promise.all([import("../routes/v1/mcp/json-rpc-body.js"), import("./server.js")]);
    const read = await readJsonRpcBody(c.req);
    if ("refusal" in read) return read.refusal;
    const { transport } = await mcpEndpoint();
    return transport.handle(c, read.body);
  },
);
