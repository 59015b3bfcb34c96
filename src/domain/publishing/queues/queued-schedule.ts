import type { Transaction } from "../../../db/types.js";
import type { DomainContext } from "../../core/index.js";
import type { ResolvedTargets } from "../posts/resolve-targets.js";
import { claimQueueSlot } from "./claim-slot.js";
import { type QueueRequest, assertQueueRequest, queueProfileOf } from "./queue-request.js";

export interface QueuedSchedule {
  claim(tx: Transaction, ctx: Pick<DomainContext, "db" | "workspace" | "clock">, resolved: ResolvedTargets, postId: string): Promise<{ schedule: Date; timezone: string }>;
}

/**
 * create-post's one entry into queues: null when the request sends no `queue`, else the claim to
 * run in the transaction that stores the post (the time is the profile queue's next free slot,
 * the zone the queue's).
 */
export function queuedSchedule(input: QueueRequest): QueuedSchedule | null {
  assertQueueRequest(input);
  if (!input.queue) return null;
  return {
    claim: async (tx, ctx, resolved, postId) => {
      const { at, timezone } = await claimQueueSlot(tx, ctx, queueProfileOf(resolved), postId);
      return { schedule: at, timezone };
    },
  };
}
