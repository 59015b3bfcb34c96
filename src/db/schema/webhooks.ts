import { boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, timestamps, ts } from "./columns.js";
import { events } from "./connect.js";
import { workspaceColumn } from "./workspaces.js";

/**
 * A workspace's webhook endpoint. `events` null means every event name, including names added
 * later. During a secret rotation the previous secret keeps signing until `previousSecretUntil`.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    mode: text("mode").$type<"test" | "live">().notNull(),
    url: text("url").notNull(),
    events: text("events").array(),
    enabled: boolean("enabled").notNull().default(true),
    secretEncrypted: text("secret_encrypted").notNull(),
    previousSecretEncrypted: text("previous_secret_encrypted"),
    previousSecretUntil: ts("previous_secret_until"),
    ...timestamps(),
    lastDeliveryAt: ts("last_delivery_at"),
    /** First failure since the last success; three days of failures disable the endpoint. */
    failingSince: ts("failing_since"),
    disabledAt: ts("disabled_at"),
  },
  (t) => [index("webhook_endpoints_workspace_idx").on(t.workspaceId, t.mode, t.createdAt)],
);

const endpointColumn = () =>
  text("endpoint_id")
    .notNull()
    .references(() => webhookEndpoints.id, { onDelete: "cascade" });

/**
 * One event for one endpoint. Unique per (endpoint, event): fan-out twice creates one delivery.
 * `attempts` counts attempts started; `inFlightSince` is set while one runs, so a runner that
 * died mid-attempt is detected (and the attempt redone) instead of the delivery being lost.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    endpointId: endpointColumn(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    state: text("state").$type<"pending" | "delivered" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    inFlightSince: ts("in_flight_since"),
    deliveredAt: ts("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("webhook_deliveries_endpoint_event_key").on(t.endpointId, t.eventId), index("webhook_deliveries_due_idx").on(t.state, t.nextAttemptAt)],
);

/** Each attempt of a delivery, for the delivery log. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    endpointId: endpointColumn(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    attempt: integer("attempt").notNull(),
    createdAt: ts("created_at").notNull(),
    status: integer("status"),
    ok: boolean("ok").notNull(),
    latencyMs: integer("latency_ms").notNull(),
    responseExcerpt: text("response_excerpt"),
    error: text("error"),
    nextRetryAt: ts("next_retry_at"),
  },
  (t) => [index("webhook_attempts_endpoint_idx").on(t.endpointId, t.createdAt)],
);
