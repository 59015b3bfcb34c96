import { and, eq } from "drizzle-orm";
import { events } from "../../db/schema/index.js";
import { ApiError } from "../../infra/errors.js";
import { eventsWithinGrant } from "../agents/index.js";
import type { DomainContext } from "../core/index.js";
import { decodeCursor, pageOf } from "../core/index.js";
import { afterPosition, newestFirst } from "../core/index.js";
import type { EventType } from "./record-event.js";

/** How long events and their delivery logs are kept (the webhook sweep purges older ones). */
export const EVENT_RETENTION_DAYS = 30;

export interface EventView {
  id: string;
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

/** The same envelope a delivery's body carries. */
export const toEventView = (row: typeof events.$inferSelect): EventView => ({ id: row.id, type: row.type, createdAt: row.createdAt.toISOString(), data: row.data });

/** The caller's event (its workspace, its key's mode and, for an agent, its grant) or 404. */
export async function requireEvent(ctx: DomainContext, id: string, param = "id"): Promise<typeof events.$inferSelect> {
  const [row] = await ctx.db
    .select()
    .from(events)
    .where(and(eq(events.id, id), eq(events.workspaceId, ctx.workspace.id), eq(events.mode, ctx.apiKey.mode), eventsWithinGrant(ctx)));
  if (!row) throw new ApiError("resource_not_found", { param, message: `No event ${id} in this workspace.`, fix: `GET /v1/events lists the events of the last ${EVENT_RETENTION_DAYS} days.` });
  return row;
}

/** GET /v1/events: the workspace's event log for the key's mode (an agent's: within its grant), newest first. */
export async function listEvents({ ctx, input }: { ctx: DomainContext; input: { type?: EventType | undefined; limit: number; cursor?: string | undefined } }) {
  const position = input.cursor ? await decodeCursor("events", input.cursor) : null;
  const rows = await ctx.db
    .select()
    .from(events)
    .where(
      and(
        eq(events.workspaceId, ctx.workspace.id),
        eq(events.mode, ctx.apiKey.mode),
        input.type ? eq(events.type, input.type) : undefined,
        eventsWithinGrant(ctx),
        afterPosition(events.createdAt, events.id, position),
      ),
    )
    .orderBy(...newestFirst(events.createdAt, events.id))
    .limit(input.limit + 1);
  const page = await pageOf("events", rows, input.limit);
  return { items: page.items.map(toEventView), cursor: page.cursor };
}

/** GET /v1/events/{id}. */
export async function getEvent({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<EventView> {
  return toEventView(await requireEvent(ctx, input.id));
}
