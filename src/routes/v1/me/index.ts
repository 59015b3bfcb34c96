import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { getLimits } from "../../../domain/workspaces/index.js";
import { getMe } from "../../../domain/workspaces/index.js";
import { updateAgentNickname } from "../../../domain/workspaces/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { AgentIdentitySchema, LimitsSchema, MeSchema, PatchAgentBody } from "./schema.js";

export const meRoutes = new Hono<AppEnv>()
  .get(
    "/me",
    describeRoute({
      operationId: "getMe",
      tags: ["Account"],
      summary: "Validate the key and echo its workspace",
      security,
      responses: { 200: jsonResponse(MeSchema, "The key's workspace and the key itself."), ...errorResponses([]) },
    }),
    (c) => c.json(getMe({ ctx: c.get("ctx") })),
  )
  .get(
    "/me/limits",
    describeRoute({
      operationId: "getLimits",
      tags: ["Account"],
      summary: "Credits, billing mode, connected accounts and rate limits",
      description: "Read before planning a batch. Values are the ones in force for this workspace.",
      security,
      responses: { 200: jsonResponse(LimitsSchema, "The limits view."), ...errorResponses([]) },
    }),
    async (c) => c.json(await getLimits({ ctx: c.get("ctx") })),
  )
  .patch(
    "/me/agent",
    describeRoute({
      operationId: "updateAgentNickname",
      tags: ["Account"],
      summary: "Set this agent's display nickname",
      description: "Changes only the display nickname of the calling key, never permissions or other agents. 403 when the owner locked it.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(AgentIdentitySchema, "The agent identity."),
        ...errorResponses(["field_unknown", "field_wrong_type", "field_invalid", "field_required", "body_not_json", "nickname_locked"]),
      },
    }),
    validate("json", PatchAgentBody),
    async (c) => c.json(await updateAgentNickname({ ctx: c.get("ctx"), input: c.req.valid("json") })),
  );
