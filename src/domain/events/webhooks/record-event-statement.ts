import { sql } from "drizzle-orm";
import { events, jobs, webhookDeliveries, webhookEndpoints } from "../../../db/schema/index.js";
import type { Queryable } from "../../../db/types.js";
import { newId } from "../../../infra/ids.js";
import { eventAccountIds } from "../event-accounts.js";
import type { EventType } from "../record-event.js";
import { rowsOf } from "../../core/index.js";
import { JOB_CHANNEL } from "../../core/index.js";
import { deliveryJobKey } from "./retry-schedule.js";

/**
 * Ids made here for the first endpoints of an event; an event subscribed by more endpoints than
 * this gets the rest's ids from the database (still random, from gen_random_uuid, but hex).
 * Most workspaces have one to three endpoints: a larger pool would only cost random bytes.
 */
const ID_POOL = 8;

export interface EventRow {
  id: string;
  workspaceId: string;
  mode: "test" | "live";
  type: EventType;
  data: Record<string, unknown>;
  at: Date;
  /** With a source id, an event this workspace already has for it records nothing (null back). */
  sourceId?: string;
}

/**
 * An event, its deliveries to every enabled endpoint of its workspace and mode subscribed to its
 * type, their first attempts' jobs and the poller's wake-up, in ONE statement, for the Node job
 * table (the queue whose jobs are rows of this database). It runs in the caller's transaction as
 * the separate statements did (recordEvent, fanOutEvent, tableJobQueue.enqueueMany): the same rows,
 * the same guarantees (the change's rollback delivers nothing; the NOTIFY is sent at commit).
 * On PGlite every statement waits its turn on the one connection the deliveries also use; the
 * five statements an event cost (insert, endpoint read, deliveries, jobs, notify) were a third of
 * the database time of a webhook burst.
 *
 * PostgreSQL runs each data-modifying WITH part exactly once, whether or not it is read; the
 * NOTIFY is in the final SELECT, so it is sent only when a job was queued.
 */
export async function recordEventWithJobs(db: Queryable, event: EventRow): Promise<string | null> {
  const at = event.at.toISOString();
  const deliveryIds = JSON.stringify(Array.from({ length: ID_POOL }, () => newId("whd")));
  const jobIds = JSON.stringify(Array.from({ length: ID_POOL }, () => newId("job")));
  const conflict = event.sourceId === undefined ? sql`` : sql`on conflict (workspace_id, source_id) do nothing`;
  // The job key is built in SQL from the delivery id: it must stay what deliveryJobKey makes.
  const [keyPrefix, keySuffix] = deliveryJobKey("\u0000", 1).split("\u0000");
  const result: unknown = await db.execute(sql`
    with ev as (
      insert into ${events} (id, workspace_id, mode, type, data, account_ids, created_at, source_id)
      values (${event.id}, ${event.workspaceId}, ${event.mode}, ${event.type}, ${JSON.stringify(event.data)}::jsonb, array(select jsonb_array_elements_text(${JSON.stringify(eventAccountIds(event.type, event.data))}::jsonb)), ${at}::timestamptz, ${event.sourceId ?? null})
      ${conflict}
      returning id
    ), subscribed as (
      select e.id as endpoint_id, (row_number() over (order by e.id))::int - 1 as n
      from ${webhookEndpoints} e
      where exists (select 1 from ev) and e.workspace_id = ${event.workspaceId}::text and e.mode = ${event.mode}::text and e.enabled
        and (e.events is null or ${event.type}::text = any(e.events))
    ), ids as (
      select s.endpoint_id,
        coalesce(${deliveryIds}::jsonb->>s.n, 'whd_' || substr(md5(gen_random_uuid()::text), 1, 20)) as delivery_id,
        coalesce(${jobIds}::jsonb->>s.n, 'job_' || substr(md5(gen_random_uuid()::text), 1, 20)) as job_id
      from subscribed s
    ), deliveries as (
      insert into ${webhookDeliveries} (id, workspace_id, endpoint_id, event_id, next_attempt_at, created_at)
      select ids.delivery_id, ${event.workspaceId}::text, ids.endpoint_id, ev.id, ${at}::timestamptz, ${at}::timestamptz from ids cross join ev
      on conflict do nothing
      returning id, endpoint_id
    ), queued as (
      insert into ${jobs} (id, kind, dedup_key, payload, run_at)
      select ids.job_id, 'webhook_delivery', ${keyPrefix}::text || d.id || ${keySuffix}::text,
        jsonb_build_object('deliveryId', d.id, 'attempt', 1, 'endpointId', d.endpoint_id, 'workspaceId', ${event.workspaceId}::text, 'mode', ${event.mode}::text),
        ${at}::timestamptz
      from deliveries d join ids on ids.delivery_id = d.id
      on conflict (dedup_key) do nothing
      returning id
    )
    select (select id from ev) as id,
      case when exists (select 1 from queued) then pg_notify(${JOB_CHANNEL}::text, ${at}::text) end as notified`);
  return rowsOf<{ id: string | null }>(result)[0]?.id ?? null;
}
