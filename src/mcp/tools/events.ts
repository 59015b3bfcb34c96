import * as v from "valibot";
import { getEvent, getWebhook, listDeliveries, listEvents, listWebhooks } from "../../domain/events/index.js";
import { EventIdParam, EventListQuery, EventListSchema, EventSchema } from "../../routes/v1/events/schema.js";
import { DeliveryListSchema, WebhookIdParam, WebhookListSchema, WebhookSchema } from "../../routes/v1/webhooks/schema.js";
import { defineTool, readOnly } from "../tool.js";
import { pageArguments } from "./list-arguments.js";

/**
 * The event log and the webhook endpoints, read-only: an agent learns what happened without being
 * able to redirect where events go. The endpoints and their delivery logs are the owner's (as
 * their REST routes are), so an agent's grant never reaches them; the event log is `read`,
 * filtered to the accounts the grant reaches.
 */
export const eventTools = [
  defineTool({
    name: "list_events",
    action: "read",
    title: "Event log",
    description:
      "Events of the last 30 days, newest first (GET /v1/events): `post.published`, `comment.received`, `message.received`… with the data a webhook delivery carries. `type` narrows to one kind. An agent sees only the events of accounts in its grant.",
    input: v.strictObject({ type: EventListQuery.entries.type, ...pageArguments }),
    output: EventListSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => listEvents({ ctx, input }),
  }),
  defineTool({
    name: "get_event",
    action: "read",
    title: "One event",
    description: "One event by its `evt_` id (GET /v1/events/{id}), as webhooks deliver it.",
    input: v.strictObject(EventIdParam.entries),
    output: EventSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => getEvent({ ctx, input }),
  }),
  defineTool({
    name: "list_webhooks",
    title: "Webhook endpoints",
    description: "The workspace's webhook endpoints with their events and state (GET /v1/webhooks); never their secrets. The owner's: agents are refused.",
    input: v.strictObject(pageArguments),
    output: WebhookListSchema,
    annotations: readOnly,
    action: "owner",
    run: async ({ ctx }, input) => listWebhooks({ ctx, input }),
  }),
  defineTool({
    name: "get_webhook",
    title: "One webhook endpoint",
    description: "One endpoint by its `whk_` id (GET /v1/webhooks/{id}). The owner's: agents are refused.",
    input: v.strictObject(WebhookIdParam.entries),
    output: WebhookSchema,
    annotations: readOnly,
    action: "owner",
    run: async ({ ctx }, input) => getWebhook({ ctx, input }),
  }),
  defineTool({
    name: "list_webhook_deliveries",
    title: "Webhook delivery log",
    description: "Every delivery attempt to one endpoint, newest first (GET /v1/webhooks/{id}/deliveries): time, status, latency, next retry. The owner's: agents are refused.",
    input: v.strictObject({ ...WebhookIdParam.entries, ...pageArguments }),
    output: DeliveryListSchema,
    annotations: readOnly,
    action: "owner",
    run: async ({ ctx }, input) => listDeliveries({ ctx, input }),
  }),
];
