import { and, eq, isNull, or, sql } from "drizzle-orm";
import { webhookEndpoints } from "../../../db/schema/index.js";
import type { Queryable } from "../../../db/types.js";
import type { EventType } from "../../events/index.js";

/**
 * Which of `wanted` at least one enabled endpoint of the workspace (in that mode) subscribes to.
 * An account is polled only for those: with no endpoint listening, a poll would spend the
 * network's quota on events nobody receives.
 */
export async function subscribedAmong(db: Queryable, input: { workspaceId: string; mode: "test" | "live"; wanted: readonly EventType[] }): Promise<EventType[]> {
  if (input.wanted.length === 0) return [];
  const rows = await db
    .select({ events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.workspaceId, input.workspaceId),
        eq(webhookEndpoints.mode, input.mode),
        eq(webhookEndpoints.enabled, true),
        or(isNull(webhookEndpoints.events), ...input.wanted.map((e) => sql`${e} = any(${webhookEndpoints.events})`)),
      ),
    );
  if (rows.some((r) => r.events === null)) return [...input.wanted];
  const subscribed = new Set(rows.flatMap((r) => r.events ?? []));
  return input.wanted.filter((e) => subscribed.has(e));
}
