import { and, eq } from "drizzle-orm";
import { type QueueSlot, profileQueues, profiles } from "../../../db/schema/index.js";
import type { Queryable } from "../../../db/types.js";
import { ApiError } from "../../../infra/errors.js";
import type { DomainContext } from "../../core/index.js";
import { type RequiredAction, assertAgentMay } from "../../agents/index.js";
import { assertTimezone } from "../posts/schedule-time.js";
import { queueDays } from "./slot-instants.js";

export interface QueueView {
  profile: string;
  timezone: string;
  slots: QueueSlot[];
  paused: boolean;
  updatedAt: string | null;
}

export interface QueueSettings {
  timezone: string;
  slots: QueueSlot[];
  paused: boolean;
}

/** A profile without a stored queue has an empty one in UTC: nothing can be queued until slots are set. */
const EMPTY: QueueSettings = { timezone: "UTC", slots: [], paused: false };

/**
 * The profile `id` of this workspace, or the 404 of any unknown id. An agent limited to some
 * brands is refused another brand's queue as it is refused its accounts.
 */
export async function queueProfile(ctx: DomainContext, id: string, action: RequiredAction, what: string): Promise<string> {
  assertAgentMay(ctx, action, what);
  const [row] = await ctx.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.workspaceId, ctx.workspace.id), eq(profiles.id, id)))
    .limit(1);
  if (!row) throw new ApiError("resource_not_found", { param: "id", message: `No profile ${id} in this workspace.` });
  if (ctx.agent && ctx.agent.grant.profiles !== null && !ctx.agent.grant.profiles.includes(row.id)) {
    throw new ApiError("agent_grant_profile", {
      param: "id",
      message: `Profile ${row.id} is a brand this agent may not act for.`,
      fix: `Act only for the profiles in the grant (GET /v1/me shows it), or ask the owner to add profile ${row.id}: PATCH /v1/agents/{id} (\`grant.profiles\`).`,
    });
  }
  return row.id;
}

export async function loadQueue(db: Queryable, workspaceId: string, profileId: string): Promise<QueueSettings & { updatedAt: Date | null }> {
  const [row] = await db
    .select()
    .from(profileQueues)
    .where(and(eq(profileQueues.workspaceId, workspaceId), eq(profileQueues.profileId, profileId)))
    .limit(1);
  return row ? { timezone: row.timezone, slots: row.slots, paused: row.paused, updatedAt: row.updatedAt } : { ...EMPTY, updatedAt: null };
}

const view = (profileId: string, queue: QueueSettings & { updatedAt: Date | null }): QueueView => ({
  profile: profileId,
  timezone: queue.timezone,
  slots: queue.slots,
  paused: queue.paused,
  updatedAt: queue.updatedAt?.toISOString() ?? null,
});

/** GET /v1/profiles/{id}/queue */
export async function getQueue({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<QueueView> {
  const profileId = await queueProfile(ctx, input.id, "read", "reading a posting queue");
  return view(profileId, await loadQueue(ctx.db, ctx.workspace.id, profileId));
}

const dayOrder = (slot: QueueSlot) => (queueDays.indexOf(slot.day) + 6) % 7;

/**
 * PUT /v1/profiles/{id}/queue: replaces the slots, zone and pause at once. Posts already queued
 * keep their time: removing a slot or pausing never moves or cancels a scheduled post (move one
 * with PATCH /v1/posts/{id}, cancel it with DELETE). Slots are stored once each, Monday first.
 */
export async function putQueue({ ctx, input }: { ctx: DomainContext; input: { id: string; timezone: string; slots: QueueSlot[]; paused?: boolean | undefined } }): Promise<QueueView> {
  const profileId = await queueProfile(ctx, input.id, "publish_or_schedule", "changing a posting queue");
  assertTimezone(input.timezone);
  const unique = new Map(input.slots.map((slot) => [`${slot.day} ${slot.time}`, slot]));
  const slots = [...unique.values()].sort((a, b) => dayOrder(a) - dayOrder(b) || a.time.localeCompare(b.time));
  const now = ctx.clock.now();
  const values = { timezone: input.timezone, slots, paused: input.paused ?? false, updatedAt: now };
  await ctx.db
    .insert(profileQueues)
    .values({ profileId, workspaceId: ctx.workspace.id, ...values })
    .onConflictDoUpdate({ target: profileQueues.profileId, set: values });
  return view(profileId, { ...values });
}
