import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import * as v from "valibot";
import { createWebhook } from "../../../domain/events/index.js";
import { deleteWebhook } from "../../../domain/events/index.js";
import { getWebhook, listWebhooks } from "../../../domain/events/index.js";
import { updateWebhook } from "../../../domain/events/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { CreateWebhookBody, ListQuery, UpdateWebhookBody, WebhookIdParam, WebhookListSchema, WebhookSchema, WebhookWithSecretSchema } from "./schema.js";

const tags = ["Webhooks"];
const urlCodes = ["invalid_webhook_url", "webhook_https_required", "webhook_loopback_disabled", "url_unreachable"] as const;
const eventCodes = ["invalid_webhook_events", "unknown_webhook_event"] as const;
const bodyCodes = { codes: { url: "invalid_webhook_url", events: "invalid_webhook_events" }, typeCodes: { url: "invalid_webhook_url", events: "invalid_webhook_events" } } as const;

/** Webhook endpoints: POST, GET, GET one, PATCH, DELETE. Deliveries and the log are in deliveries.ts. */
export const webhookRoutes = new Hono<AppEnv>()
  .post(
    "/webhooks",
    describeRoute({
      operationId: "createWebhook",
      tags,
      summary: "Register a webhook endpoint",
      description:
        "Each event the endpoint subscribes to is POSTed to it as JSON `{ id, type, createdAt, data }` with the headers `service-signature: t=<unix>,v1=<hex>` (HMAC-SHA256 of `<t>.<raw body>` keyed with the secret; one `v1` per active secret during a rotation), `service-event-id` (the same on every attempt: drop duplicates by it) and `service-delivery-attempt`. A 2xx within 10 s is success; redirects are not followed. Failed attempts are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (eight attempts over about 27.5 hours), then the delivery is failed; an endpoint whose deliveries all failed for 3 days is disabled (event `webhook.disabled`, audit entry) until re-enabled with PATCH. Test keys register test endpoints, which receive the events of test-key changes; live keys live ones. A refused registration stores nothing.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        201: jsonResponse(WebhookWithSecretSchema, "The endpoint and its secret, shown this once."),
        ...errorResponses(["field_unknown", "field_required", ...urlCodes, ...eventCodes, "body_not_json"]),
      },
    }),
    validate("json", CreateWebhookBody, bodyCodes),
    async (c) => c.json(await createWebhook({ ctx: c.get("ctx"), input: c.req.valid("json") }), 201),
  )
  .get(
    "/webhooks",
    describeRoute({
      operationId: "listWebhooks",
      tags,
      summary: "The workspace's webhook endpoints",
      description: "Endpoints of the key's mode, newest first. Secrets are never listed.",
      security,
      responses: { 200: jsonResponse(WebhookListSchema, "A page of endpoints."), ...errorResponses(["field_unknown", "field_invalid", "cursor_invalid"]) },
    }),
    validate("query", ListQuery),
    async (c) => c.json(await listWebhooks({ ctx: c.get("ctx"), input: c.req.valid("query") })),
  )
  .get(
    "/webhooks/:id",
    describeRoute({
      operationId: "getWebhook",
      tags,
      summary: "One webhook endpoint",
      security,
      responses: { 200: jsonResponse(WebhookSchema, "The endpoint."), ...errorResponses(["resource_not_found"]) },
    }),
    validate("param", WebhookIdParam),
    async (c) => c.json(await getWebhook({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .patch(
    "/webhooks/:id",
    describeRoute({
      operationId: "updateWebhook",
      tags,
      summary: "Change an endpoint's URL or events, or disable or re-enable it",
      description:
        "Fields sent are changed, with the same checks as registration. Re-enabling clears `failingSince`; deliveries that failed meanwhile can be sent again with POST /v1/webhooks/{id}/redeliver.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(WebhookSchema, "The endpoint as changed."),
        ...errorResponses(["field_unknown", "field_wrong_type", ...urlCodes, ...eventCodes, "resource_not_found", "body_not_json"]),
      },
    }),
    validate("param", WebhookIdParam),
    validate("json", UpdateWebhookBody, bodyCodes),
    async (c) => c.json(await updateWebhook({ ctx: c.get("ctx"), input: { ...c.req.valid("json"), id: c.req.valid("param").id } })),
  )
  .delete(
    "/webhooks/:id",
    describeRoute({
      operationId: "deleteWebhook",
      tags,
      summary: "Delete a webhook endpoint",
      description: "Nothing more is sent to it, retries included; its delivery log goes with it.",
      security,
      parameters: [idempotencyHeader],
      responses: { 200: jsonResponse(v.object({ id: v.string(), deleted: v.literal(true) }), "Deleted."), ...errorResponses(["resource_not_found"]) },
    }),
    validate("param", WebhookIdParam),
    async (c) => c.json(await deleteWebhook({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  );
