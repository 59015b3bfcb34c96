import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { exportAccount } from "../../../domain/workspaces/index.js";
import { listAuditEvents } from "../../../domain/core/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, jsonResponse, security } from "../../openapi-helpers.js";
import { AuditListSchema, AuditQuery, ExportSchema } from "./schema.js";

export const accountRoutes = new Hono<AppEnv>()
  .get(
    "/account/export",
    describeRoute({
      operationId: "exportAccount",
      tags: ["Account"],
      summary: "Export everything the workspace holds",
      description: "Profiles, social accounts, posts and the audit log. Never contains tokens, key hashes or secrets.",
      security,
      responses: { 200: jsonResponse(ExportSchema, "The export."), ...errorResponses([]) },
    }),
    async (c) => c.json(await exportAccount({ ctx: c.get("ctx") })),
  )
  .get(
    "/audit",
    describeRoute({
      operationId: "listAuditEvents",
      tags: ["Account"],
      summary: "Security events, newest first (up to 100)",
      security,
      responses: { 200: jsonResponse(AuditListSchema, "Audit events."), ...errorResponses(["field_unknown", "field_invalid"]) },
    }),
    validate("query", AuditQuery),
    async (c) => c.json({ items: await listAuditEvents({ ctx: c.get("ctx"), input: c.req.valid("query") }), cursor: null }),
  );
