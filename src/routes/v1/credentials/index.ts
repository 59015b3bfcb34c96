import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { deleteCredentials, listCredentials, saveCredentials } from "../../../domain/accounts/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { CredentialListSchema, CredentialSchema, DeleteCredentialsResultSchema, PlatformParam, SaveCredentialsBody } from "./schema.js";

const tags = ["Connect"];

/** Bring your own app: POST, GET, DELETE /v1/credentials. */
export const credentialRoutes = new Hono<AppEnv>()
  .post(
    "/credentials",
    describeRoute({
      operationId: "saveCredentials",
      tags,
      summary: "Use your own network app for connections (bring your own app)",
      description:
        "From now on, connecting an account on this network (connect links, and test-key connects on the sandbox) goes through your app: the consent screen shows its name and tokens are issued to it. Sending a network again replaces its credentials. Register `<this server>/connect/callback/<platform>` as the redirect URI in your app. Accounts connected through another app keep their tokens but cannot renew them with this one: they turn `needs_reauth` when their tokens next need renewing. Recorded in the audit log as `credentials.changed`.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(CredentialSchema, "Replaced the network's earlier credentials. The secret is not echoed."),
        201: jsonResponse(CredentialSchema, "Saved the network's first credentials. The secret is not echoed."),
        ...errorResponses(["field_unknown", "field_wrong_type", "field_required", "field_invalid", "body_not_json"]),
      },
    }),
    validate("json", SaveCredentialsBody),
    async (c) => {
      const saved = await saveCredentials({ ctx: c.get("ctx"), input: c.req.valid("json") });
      return c.json(saved.credential, saved.created ? 201 : 200);
    },
  )
  .get(
    "/credentials",
    describeRoute({
      operationId: "listCredentials",
      tags,
      summary: "Networks that use your own app",
      description: "Client ids and dates only; secrets are write-only.",
      security,
      responses: { 200: jsonResponse(CredentialListSchema, "One entry per network with credentials."), ...errorResponses([]) },
    }),
    async (c) => c.json(await listCredentials({ ctx: c.get("ctx") })),
  )
  .delete(
    "/credentials/:platform",
    describeRoute({
      operationId: "deleteCredentials",
      tags,
      summary: "Stop using your own app for a network",
      description: "New connections use the server's app again. Recorded in the audit log as `credentials.changed`.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(DeleteCredentialsResultSchema, "Deleted."),
        ...errorResponses(["platform_unknown", "resource_not_found", "field_invalid"]),
      },
    }),
    validate("param", PlatformParam, { codes: { platform: "platform_unknown" } }),
    async (c) => c.json(await deleteCredentials({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  );
