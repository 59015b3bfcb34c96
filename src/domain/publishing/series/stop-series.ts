import { and, eq, inArray } from "drizzle-orm";
import { postSeries } from "../../../db/schema/index.js";
import type { Transaction } from "../../../db/types.js";

/** Cancels a series inside another operation's transaction (a rejected occurrence). */
export async function stopSeries(tx: Transaction, workspaceId: string, seriesId: string, now: Date): Promise<void> {
  await tx
    .update(postSeries)
    .set({ state: "cancelled", nextAt: null, updatedAt: now })
    .where(and(eq(postSeries.id, seriesId), eq(postSeries.workspaceId, workspaceId), inArray(postSeries.state, ["active", "paused", "ended"])));
}
