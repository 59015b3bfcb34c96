import * as v from "valibot";
import { eventTypes } from "../../../domain/events/index.js";
import { DEFAULT_ROTATION_WINDOW_SECONDS, MAX_ROTATION_WINDOW_SECONDS } from "../../../domain/events/index.js";
import { cursorQuery, limitQuery } from "../../openapi-helpers.js";

const eventNames = `Event names: ${eventTypes.map((t) => `\`${t}\``).join(", ")}.`;

const UrlField = v.pipe(
  v.string(),
  v.description(
    "Where deliveries are POSTed: a complete https URL of at most 2,048 characters, without credentials. Plain http only for localhost, 127.0.0.1 or [::1] with a test key, on a server that allows loopback webhooks (a local-development setting; otherwise 400 `webhook_loopback_disabled`). With a live key the name must resolve to public addresses only (checked again at every delivery).",
  ),
  v.examples(["https://example.com/hooks/chorus"]),
);

const EventsField = v.pipe(
  v.array(v.string()),
  v.description(`The events to receive; omit to receive every event, including names added later. ${eventNames}`),
  v.examples([["post.published", "post.failed", "comment.received"]]),
);

export const CreateWebhookBody = v.strictObject({ url: UrlField, events: v.optional(EventsField) });

export const UpdateWebhookBody = v.strictObject({
  url: v.optional(UrlField),
  events: v.optional(v.nullable(v.pipe(EventsField, v.description(`The events to receive; \`null\` receives every event again. ${eventNames}`)))),
  enabled: v.optional(v.pipe(v.boolean(), v.description("`false` stops deliveries; `true` re-enables an endpoint (also one Chorus disabled after three days of failures)."))),
});

export const RotateSecretBody = v.strictObject({
  windowSeconds: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(0),
      v.maxValue(MAX_ROTATION_WINDOW_SECONDS),
      v.description(
        `How long the current secret keeps signing beside the new one, 0 to ${MAX_ROTATION_WINDOW_SECONDS} seconds; default ${DEFAULT_ROTATION_WINDOW_SECONDS} (a day). 0 retires it at once (after a leak).`,
      ),
    ),
  ),
});

export const RedeliverBody = v.strictObject({ event: v.pipe(v.string(), v.maxLength(64), v.description("The `evt_` id (from GET /v1/events) to send again, with the same id.")) });

export const WebhookIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64), v.description("`whk_` id of the endpoint.")) });

export const ListQuery = v.strictObject({ limit: limitQuery(), cursor: cursorQuery });

export const WebhookSchema = v.pipe(
  v.object({
    id: v.pipe(v.string(), v.description("`whk_…`")),
    url: v.string(),
    events: v.pipe(v.array(v.string()), v.description("The events delivered; every name when the endpoint was registered without `events`.")),
    enabled: v.boolean(),
    createdAt: v.string(),
    lastDeliveryAt: v.pipe(v.nullable(v.string()), v.description("The last successful delivery.")),
    failingSince: v.pipe(v.nullable(v.string()), v.description("The first failed attempt since the last success; after three days of failures the endpoint is disabled.")),
  }),
  v.description("A webhook endpoint."),
);

export const WebhookWithSecretSchema = v.pipe(
  v.object({
    ...WebhookSchema.entries,
    secret: v.pipe(
      v.string(),
      v.description(
        "`whsec_…`: shown here only. Verify each delivery: take `t` and every `v1` from `service-signature: t=<unix>,v1=<hex>`, compute the hex HMAC-SHA256 of `<t>.<raw body>` keyed with this whole string, and accept if it equals one `v1` (constant-time) and `t` is within 300 s.",
      ),
    ),
  }),
  v.examples([
    {
      id: "whk_3kTn8sQ0aB1cD2eF3gH4",
      url: "https://example.com/hooks/chorus",
      events: ["post.published", "post.failed"],
      enabled: true,
      createdAt: "2026-11-21T12:00:00.000Z",
      lastDeliveryAt: null,
      failingSince: null,
      secret: "whsec_5XWq3mJ9pLz0cV2bN8kR1tY6uI4oA7sD9fG3hJ5kL0z",
    },
  ]),
);

export const RotatedSecretSchema = v.object({
  ...WebhookWithSecretSchema.entries,
  previousSecretExpiresAt: v.pipe(v.nullable(v.string()), v.description("Until then deliveries carry a second `v1=` made with the previous secret.")),
});

export const WebhookListSchema = v.object({ items: v.array(WebhookSchema), cursor: v.nullable(v.string()) });

export const DeliveryAttemptSchema = v.pipe(
  v.object({
    id: v.string(),
    delivery: v.string(),
    event: v.pipe(v.string(), v.description("`evt_` id, the same on every attempt (also in the `service-event-id` header).")),
    type: v.string(),
    attempt: v.pipe(v.number(), v.description("1 to 8 (the `service-delivery-attempt` header).")),
    createdAt: v.pipe(v.string(), v.description("When the attempt started.")),
    status: v.pipe(v.nullable(v.number()), v.description("The receiver's HTTP status; null when none came back (see `error`).")),
    ok: v.pipe(v.boolean(), v.description("A 2xx within 10 seconds.")),
    latencyMs: v.number(),
    responseExcerpt: v.pipe(
      v.nullable(v.string()),
      v.description(
        "The first kilobyte of the answer; nothing more is read. Null for an answer from this server's own loopback interface (a local-development endpoint): only its status is recorded.",
      ),
    ),
    error: v.nullable(v.string()),
    nextRetryAt: v.pipe(v.nullable(v.string()), v.description("When the next attempt runs; null after a success or the last attempt.")),
    deliveryState: v.picklist(["pending", "delivered", "failed"]),
  }),
  v.description("One delivery attempt."),
);

export const DeliveryListSchema = v.object({ items: v.array(DeliveryAttemptSchema), cursor: v.nullable(v.string()) });
