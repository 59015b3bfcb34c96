import { and, eq, gt, lte, or, sql } from "drizzle-orm";
import { posts, queueClaims } from "../../../db/schema/index.js";
import type { Queryable, Transaction } from "../../../db/types.js";
import { ApiError } from "../../../infra/errors.js";
import { isoInZone } from "../../../infra/zoned-time.js";
import type { DomainContext } from "../../core/index.js";
import { type QueueSettings, loadQueue, queueProfile } from "./queue-settings.js";
import { slotInstants } from "./slot-instants.js";

/** A claim still holds its slot while its post is scheduled at exactly that instant. */
const claimHeld = sql`exists (select 1 from ${posts} where ${posts.id} = ${queueClaims.postId} and ${posts.state} = 'scheduled' and ${posts.scheduledAt} = ${queueClaims.slotAt})`;

function assertUsable(queue: QueueSettings, profileId: string, forQueueing: boolean): void {
  if (queue.slots.length === 0) {
    throw new ApiError("queue_empty", { param: forQueueing ? "queue" : "id", message: `Profile ${profileId}'s queue has no time slots.` });
  }
  if (forQueueing && queue.paused) throw new ApiError("queue_paused", { param: "queue", message: `Profile ${profileId}'s queue is paused.` });
}

async function takenInstants(db: Queryable, workspaceId: string, profileId: string, now: Date): Promise<Set<number>> {
  const rows = await db
    .select({ slotAt: queueClaims.slotAt })
    .from(queueClaims)
    .where(and(eq(queueClaims.workspaceId, workspaceId), eq(queueClaims.profileId, profileId), gt(queueClaims.slotAt, now), claimHeld));
  return new Set(rows.map((row) => row.slotAt.getTime()));
}

/**
 * Inside the transaction that stores the post: the first free slot instant of the profile's
 * queue, claimed for `postId`. Stale claims (their post was cancelled, moved or already went
 * out) are cleared first. The unique (profile, instant) index decides between concurrent
 * requests: an insert that conflicts with a claim another transaction holds does nothing, and
 * the next free instant is tried.
 */
export async function claimQueueSlot(
  tx: Transaction,
  ctx: Pick<DomainContext, "db" | "clock"> & { workspace: Pick<DomainContext["workspace"], "id"> },
  profileId: string,
  postId: string,
): Promise<{ at: Date; timezone: string }> {
  const queue = await loadQueue(tx, ctx.workspace.id, profileId);
  assertUsable(queue, profileId, true);
  const now = ctx.clock.now();
  const workspaceId = ctx.workspace.id;
  await tx.delete(queueClaims).where(and(eq(queueClaims.workspaceId, workspaceId), eq(queueClaims.profileId, profileId), or(lte(queueClaims.slotAt, now), sql`not ${claimHeld}`)));
  const taken = await takenInstants(tx, workspaceId, profileId, now);
  for (const at of slotInstants(queue.timezone, queue.slots, now)) {
    if (taken.has(at.getTime())) continue;
    const [claimed] = await tx
      .insert(queueClaims)
      .values({ workspaceId, profileId, slotAt: at, postId, createdAt: now })
      .onConflictDoNothing({ target: [queueClaims.profileId, queueClaims.slotAt] })
      .returning({ slotAt: queueClaims.slotAt });
    if (claimed) return { at, timezone: queue.timezone };
  }
  // Slots end only at the last storable instant (year 9999).
  throw new ApiError("queue_empty", { param: "queue", message: `Profile ${profileId}'s queue has no free slot left.` });
}

export interface NextSlotsView {
  profile: string;
  timezone: string;
  paused: boolean;
  slots: { at: string; local: string }[];
}

/** GET /v1/profiles/{id}/queue/next: the instants the next `count` queued posts would take now. */
export async function nextQueueSlots({ ctx, input }: { ctx: DomainContext; input: { id: string; count: number } }): Promise<NextSlotsView> {
  const profileId = await queueProfile(ctx, input.id, "read", "reading a posting queue");
  const queue = await loadQueue(ctx.db, ctx.workspace.id, profileId);
  assertUsable(queue, profileId, false);
  const now = ctx.clock.now();
  const taken = await takenInstants(ctx.db, ctx.workspace.id, profileId, now);
  const slots: NextSlotsView["slots"] = [];
  for (const at of slotInstants(queue.timezone, queue.slots, now)) {
    if (slots.length >= input.count) break;
    if (!taken.has(at.getTime())) slots.push({ at: at.toISOString(), local: isoInZone(queue.timezone, at) });
  }
  return { profile: profileId, timezone: queue.timezone, paused: queue.paused, slots };
}
