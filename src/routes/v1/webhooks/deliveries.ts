import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import * as v from "valibot";
import { EVENT_RETENTION_DAYS } from "../../../domain/events/index.js";
import { listDeliveries } from "../../../domain/events/index.js";
import { redeliverEvent } from "../../../domain/events/index.js";
import { DEFAULT_ROTATION_WINDOW_SECONDS, rotateWebhookSecret } from "../../../domain/events/index.js";
import { testWebhook } from "../../../domain/events/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { DeliveryListSchema, ListQuery, RedeliverBody, RotateSecretBody, RotatedSecretSchema, WebhookIdParam } from "./schema.js";

const tags = ["Webhooks"];
const Queued = v.object({
  event: v.pipe(v.string(), v.description("`evt_` id sent.")),
  delivery: v.nullable(v.string()),
  attempt: v.optional(v.number()),
});

/** The delivery log, test sends, redelivery and secret rotation of one endpoint. */
export const webhookDeliveryRoutes = new Hono<AppEnv>()
  .get(
    "/webhooks/:id/deliveries",
    describeRoute({
      operationId: "listWebhookDeliveries",
      tags,
      summary: "Every delivery attempt to an endpoint, newest first",
      description: `Time, status, latency, the first kilobyte of the answer (status only from a loopback endpoint) and when the next retry runs. Kept ${EVENT_RETENTION_DAYS} days.`,
      security,
      responses: { 200: jsonResponse(DeliveryListSchema, "A page of attempts."), ...errorResponses(["resource_not_found", "field_unknown", "field_invalid", "cursor_invalid"]) },
    }),
    validate("param", WebhookIdParam),
    validate("query", ListQuery),
    async (c) => c.json(await listDeliveries({ ctx: c.get("ctx"), input: { ...c.req.valid("query"), id: c.req.valid("param").id } })),
  )
  .post(
    "/webhooks/:id/test",
    describeRoute({
      operationId: "testWebhook",
      tags,
      summary: "Send a signed `webhook.test` event to this endpoint",
      description:
        "Delivered like any event (signed, retried while the endpoint is enabled), whatever the endpoint subscribes to. Its first attempt goes out even while the endpoint is disabled, so a fix can be checked before re-enabling. The result shows in the delivery log.",
      security,
      parameters: [idempotencyHeader],
      responses: { 202: jsonResponse(Queued, "Queued: the first attempt runs at once."), ...errorResponses(["resource_not_found"]) },
    }),
    validate("param", WebhookIdParam),
    async (c) => c.json(await testWebhook({ ctx: c.get("ctx"), input: c.req.valid("param") }), 202),
  )
  .post(
    "/webhooks/:id/redeliver",
    describeRoute({
      operationId: "redeliverWebhookEvent",
      tags,
      summary: "Send one event to this endpoint again",
      description: "Same event id, a new attempt. A delivery still being retried is left to its schedule.",
      security,
      parameters: [idempotencyHeader],
      responses: { 202: jsonResponse(Queued, "Queued."), ...errorResponses(["resource_not_found", "field_unknown", "field_required", "field_wrong_type", "body_not_json"]) },
    }),
    validate("param", WebhookIdParam),
    validate("json", RedeliverBody),
    async (c) => c.json(await redeliverEvent({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, event: c.req.valid("json").event } }), 202),
  )
  .post(
    "/webhooks/:id/rotate-secret",
    describeRoute({
      operationId: "rotateWebhookSecret",
      tags,
      summary: "Replace the endpoint's secret, with both signing during a window",
      description:
        "Returns the new secret (shown this once). Until `previousSecretExpiresAt` each delivery's `service-signature` carries two `v1=` values, one per secret, so a receiver can switch to the new secret without rejecting a delivery.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(RotatedSecretSchema, "The endpoint with its new secret."),
        ...errorResponses(["resource_not_found", "field_unknown", "field_invalid", "field_wrong_type", "body_not_json"]),
      },
    }),
    validate("param", WebhookIdParam),
    validate("json", RotateSecretBody),
    async (c) =>
      c.json(
        await rotateWebhookSecret({
          ctx: c.get("ctx"),
          input: { id: c.req.valid("param").id, windowSeconds: c.req.valid("json").windowSeconds ?? DEFAULT_ROTATION_WINDOW_SECONDS },
        }),
      ),
  );
