import { sql } from "drizzle-orm";
import { events, webhookAttempts, webhookDeliveries, webhookEndpoints } from "../../../db/schema/index.js";
import type { Queryable } from "../../../db/types.js";
import { textArray } from "../../../db/text-array.js";
import { newId } from "../../../infra/ids.js";
import { rowsOf } from "../../core/index.js";
import type { EndpointRow } from "./webhook-view.js";

import { DELIVERY_TIMEOUT_MS } from "./retry-schedule.js";

/**
 * An attempt in flight this long belongs to a runner that died: the next attempt is made in its
 * place. The default outlasts the delivery timeout with a margin; DomainServices.webhookStaleAttemptMs
 * (CHORUS_WEBHOOK_STALE_SECONDS on Node) sets another.
 */
export const STALE_ATTEMPT_MS = DELIVERY_TIMEOUT_MS + 20_000;

/** The delivery log's note on an attempt whose runner died before its answer was recorded. */
const INTERRUPTED = "interrupted: the sender stopped before the answer was recorded; the next attempt was made";

export interface DeliveryClaim {
  deliveryId: string;
  workspaceId: string;
  attempt: number;
}

/** What a held attempt needs to be sent: its endpoint (the columns signing and sending read) and event. */
export interface ClaimedDelivery {
  delivery: { id: string; endpointId: string; eventId: string };
  endpoint: Pick<EndpointRow, "id" | "mode" | "url" | "enabled" | "secretEncrypted" | "previousSecretEncrypted" | "previousSecretUntil">;
  event: { id: string; type: string; createdAt: Date; data: Record<string, unknown> };
  claimedAt: Date;
  /** The attempt this claim holds: the job's, or the one after it when the job's was cut short by a runner that died. */
  attempt: number;
}

interface RawClaimed {
  id: string;
  attempt: number | string;
  endpoint_id: string;
  event_id: string;
  mode: "test" | "live";
  url: string;
  enabled: boolean;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_secret_until_ms: number | string | null;
  type: string;
  created_at_ms: number | string;
  data: Record<string, unknown> | string;
}

/** Milliseconds since the epoch, as a float8 (a JS number on every driver), truncated as a Date would be. */
const epochMs = (column: ReturnType<typeof sql.raw>) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;

/**
 * Claims attempts of several deliveries in one statement, each scoped to its own workspace,
 * and reads what sending them needs. Each claim is the conditional UPDATE deliverWebhook always
 * made: it succeeds only for the attempt that is next (or for one whose runner died mid-flight),
 * so a duplicate job or a QStash redelivery never sends the same attempt twice while it runs.
 * The count is written before anything is sent, so it counts attempts started: an attempt whose
 * runner died may have reached the receiver, and the one made in its place is the next number.
 * The deliveries must be distinct (the batcher sends a repeated one in a later statement, where
 * it finds the attempt taken, as it would have one statement after the other).
 * Returns the claimed ones by delivery id.
 */
export async function claimDeliveries(db: Queryable, claims: readonly DeliveryClaim[], claimedAt: Date, staleMs = STALE_ATTEMPT_MS): Promise<Map<string, ClaimedDelivery>> {
  const input = JSON.stringify(claims.map((c) => ({ delivery_id: c.deliveryId, workspace_id: c.workspaceId, attempt: c.attempt, log_id: newId("wha") })));
  const ids = textArray(claims.map((c) => c.deliveryId));
  const stale = new Date(claimedAt.getTime() - staleMs).toISOString();
  const result: unknown = await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as i(delivery_id text, workspace_id text, attempt int, log_id text)
    ), cut_short as (
      -- Attempts whose runner died holding them, as they were before this claim takes them over.
      select d.id, d.workspace_id, d.endpoint_id, d.event_id, d.attempts, d.in_flight_since, i.log_id
      from ${webhookDeliveries} d join input i on d.id = i.delivery_id and d.workspace_id = i.workspace_id
      where d.id = any(${ids}::text[]) and d.state = 'pending' and d.attempts = i.attempt and d.in_flight_since < ${stale}::timestamptz
    ), claimed as (
      update ${webhookDeliveries} d
      set attempts = case when d.attempts = i.attempt then i.attempt + 1 else i.attempt end, in_flight_since = ${claimedAt.toISOString()}::timestamptz
      from input i
      where d.id = any(${ids}::text[]) and d.id = i.delivery_id and d.workspace_id = i.workspace_id and d.state = 'pending'
        and ((d.attempts = i.attempt - 1 and d.in_flight_since is null) or (d.attempts = i.attempt and d.in_flight_since < ${stale}::timestamptz))
      returning d.id, d.workspace_id, d.endpoint_id, d.event_id, d.attempts
    ), interrupted as (
      -- The delivery log keeps the attempt that was cut short (it may have reached the receiver),
      -- so the log and the header count the same attempts. Only a claim that won writes it.
      insert into ${webhookAttempts} (id, workspace_id, endpoint_id, delivery_id, event_id, event_type, attempt, created_at, status, ok, latency_ms, response_excerpt, error, next_retry_at)
      select s.log_id, s.workspace_id, s.endpoint_id, s.id, s.event_id, ev.type, s.attempts, s.in_flight_since, null, false, 0, null, ${INTERRUPTED}, null
      from cut_short s
      join claimed c on c.id = s.id
      join ${events} ev on ev.id = s.event_id and ev.workspace_id = s.workspace_id
      returning id
    )
    select c.id, c.attempts as attempt, c.endpoint_id, c.event_id, e.mode, e.url, e.enabled, e.secret_encrypted, e.previous_secret_encrypted,
      ${epochMs(sql.raw("e.previous_secret_until"))} as previous_secret_until_ms,
      ev.type, ${epochMs(sql.raw("ev.created_at"))} as created_at_ms, ev.data
    from claimed c
    join ${webhookEndpoints} e on e.id = c.endpoint_id and e.workspace_id = c.workspace_id
    join ${events} ev on ev.id = c.event_id and ev.workspace_id = c.workspace_id`);
  const claimed = new Map<string, ClaimedDelivery>();
  for (const row of rowsOf<RawClaimed>(result)) {
    claimed.set(row.id, {
      delivery: { id: row.id, endpointId: row.endpoint_id, eventId: row.event_id },
      endpoint: {
        id: row.endpoint_id,
        mode: row.mode,
        url: row.url,
        enabled: row.enabled,
        secretEncrypted: row.secret_encrypted,
        previousSecretEncrypted: row.previous_secret_encrypted,
        previousSecretUntil: row.previous_secret_until_ms === null ? null : new Date(Number(row.previous_secret_until_ms)),
      },
      event: { id: row.event_id, type: row.type, createdAt: new Date(Number(row.created_at_ms)), data: typeof row.data === "string" ? (JSON.parse(row.data) as Record<string, unknown>) : row.data },
      claimedAt,
      attempt: Number(row.attempt),
    });
  }
  return claimed;
}

export interface DeliveredAttempt {
  deliveryId: string;
  workspaceId: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  attempt: number;
  claimedAt: Date;
  status: number | null;
  latencyMs: number;
  excerpt: string | null;
}

/**
 * Delivered attempts of several deliveries in one statement (the hot path: most attempts
 * succeed). Each delivery settles only if its runner still holds the attempt (same attempt,
 * same claim time); its attempt log and its endpoint's last delivery are written only when it
 * did, as the failure path's transaction does. Deliveries must be distinct, as for the claim.
 */
export async function settleDelivered(db: Queryable, delivered: readonly DeliveredAttempt[], now: Date): Promise<void> {
  const input = JSON.stringify(
    delivered.map((d) => ({
      attempt_id: newId("wha"),
      delivery_id: d.deliveryId,
      workspace_id: d.workspaceId,
      endpoint_id: d.endpointId,
      event_id: d.eventId,
      event_type: d.eventType,
      attempt: d.attempt,
      claimed_at: d.claimedAt.toISOString(),
      status: d.status,
      latency_ms: d.latencyMs,
      excerpt: d.excerpt,
    })),
  );
  const at = now.toISOString();
  await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as i(attempt_id text, delivery_id text, workspace_id text, endpoint_id text, event_id text,
        event_type text, attempt int, claimed_at timestamptz, status int, latency_ms int, excerpt text)
    ), settled as (
      update ${webhookDeliveries} d
      set in_flight_since = null, next_attempt_at = null, state = 'delivered', delivered_at = ${at}::timestamptz
      from input i
      where d.id = any(${textArray(delivered.map((d) => d.deliveryId))}::text[])
        and d.id = i.delivery_id and d.workspace_id = i.workspace_id and d.attempts = i.attempt and d.in_flight_since = i.claimed_at
      returning d.id
    ), logged as (
      insert into ${webhookAttempts} (id, workspace_id, endpoint_id, delivery_id, event_id, event_type, attempt, created_at, status, ok, latency_ms, response_excerpt, error, next_retry_at)
      select i.attempt_id, i.workspace_id, i.endpoint_id, i.delivery_id, i.event_id, i.event_type, i.attempt, i.claimed_at, i.status, true, i.latency_ms, i.excerpt, null, null
      from input i join settled s on s.id = i.delivery_id
      returning endpoint_id, workspace_id
    )
    update ${webhookEndpoints} w set last_delivery_at = ${at}::timestamptz, failing_since = null
    where w.id = any(${textArray([...new Set(delivered.map((d) => d.endpointId))])}::text[])
      and (w.id, w.workspace_id) in (select endpoint_id, workspace_id from logged)`);
}
