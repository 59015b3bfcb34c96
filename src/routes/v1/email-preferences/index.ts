import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import * as v from "valibot";
import { getEmailPreferences, updateEmailPreferences } from "../../../domain/workspaces/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, named, namedBody, security } from "../../openapi-helpers.js";

const fields = {
  publishFailures: v.pipe(v.boolean(), v.description("Email when a post fails on every target.")),
  accountDisconnected: v.pipe(v.boolean(), v.description("Email when a connection expires or is disconnected.")),
  creditsLow: v.pipe(v.boolean(), v.description("Email when credits run low.")),
  weeklyDigest: v.pipe(v.boolean(), v.description("A weekly summary of publishing.")),
  productUpdates: v.pipe(v.boolean(), v.description("News about Chorus.")),
};

export const EmailPreferencesSchema = named("EmailPreferences", v.object({ ...fields, updatedAt: v.pipe(v.string(), v.isoTimestamp()) }), {
  publishFailures: true,
  accountDisconnected: true,
  creditsLow: true,
  weeklyDigest: false,
  productUpdates: false,
  updatedAt: "2026-11-24T09:00:00.000Z",
});
export const PatchEmailPreferencesBody = namedBody(
  "UpdateEmailPreferencesRequest",
  v.strictObject({
    publishFailures: v.optional(fields.publishFailures),
    accountDisconnected: v.optional(fields.accountDisconnected),
    creditsLow: v.optional(fields.creditsLow),
    weeklyDigest: v.optional(fields.weeklyDigest),
    productUpdates: v.optional(fields.productUpdates),
  }),
  { weeklyDigest: true },
);

export const emailPreferenceRoutes = new Hono<AppEnv>()
  .get(
    "/email-preferences",
    describeRoute({
      operationId: "getEmailPreferences",
      tags: ["Account"],
      summary: "Read email preferences",
      security,
      responses: { 200: jsonResponse(EmailPreferencesSchema, "The workspace's email preferences."), ...errorResponses([]) },
    }),
    async (c) => c.json(await getEmailPreferences({ ctx: c.get("ctx") })),
  )
  .patch(
    "/email-preferences",
    describeRoute({
      operationId: "updateEmailPreferences",
      tags: ["Account"],
      summary: "Change email preferences; only sent fields change",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(EmailPreferencesSchema, "The preferences after the change."),
        ...errorResponses(["field_unknown", "field_wrong_type", "field_invalid", "body_not_json"]),
      },
    }),
    validate("json", PatchEmailPreferencesBody),
    async (c) => c.json(await updateEmailPreferences({ ctx: c.get("ctx"), input: c.req.valid("json") })),
  );
