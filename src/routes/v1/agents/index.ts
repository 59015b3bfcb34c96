import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { listAgents, revokeAgent, updateAgent } from "../../../domain/agents/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { AgentIdParam, AgentListSchema, AgentSchema, RevokedAgentSchema, UpdateAgentBody } from "./schema.js";

const tags = ["Agents"];
const ownerOnly = "For the workspace owner (an API key or the dashboard); an agent's own token is refused with 403 `agent_grant_owner_only`.";

/** The owner's view of the OAuth agents acting for the workspace: list, change a grant, revoke. */
export const agentRoutes = new Hono<AppEnv>()
  .get(
    "/agents",
    describeRoute({
      operationId: "listAgents",
      tags,
      summary: "The OAuth agents acting for this workspace",
      description: `Agents the owner approved on the consent page and has not revoked, newest first, with their grant, client name, nickname, last use and today's spend. ${ownerOnly}`,
      security,
      responses: { 200: jsonResponse(AgentListSchema, "Every active agent."), ...errorResponses(["agent_grant_owner_only"]) },
    }),
    async (c) => c.json(await listAgents({ ctx: c.get("ctx") })),
  )
  .patch(
    "/agents/:id",
    describeRoute({
      operationId: "updateAgent",
      tags,
      summary: "Change an agent's grant, or lock its nickname",
      description: `The grant is replaced whole and applies from the agent's next request. ${ownerOnly}`,
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(AgentSchema, "The agent as changed."),
        ...errorResponses(["resource_not_found", "platform_unknown", "body_not_json", "agent_grant_owner_only"]),
      },
    }),
    validate("param", AgentIdParam),
    validate("json", UpdateAgentBody),
    async (c) => c.json(await updateAgent({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, ...c.req.valid("json") } })),
  )
  .delete(
    "/agents/:id",
    describeRoute({
      operationId: "revokeAgent",
      tags,
      summary: "Revoke an agent",
      description: `Ends the agent and every access and refresh token it holds at once; its next request is 401. ${ownerOnly}`,
      security,
      parameters: [idempotencyHeader],
      responses: { 200: jsonResponse(RevokedAgentSchema, "Revoked."), ...errorResponses(["resource_not_found", "agent_grant_owner_only"]) },
    }),
    validate("param", AgentIdParam),
    async (c) => c.json(await revokeAgent({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  );
