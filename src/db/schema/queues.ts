import { boolean, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns.js";
import { profiles, workspaceColumn } from "./workspaces.js";

/** One weekly slot of a queue, in the queue's zone: `{ day: "mon", time: "09:30" }`. */
export interface QueueSlot {
  day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
  time: string;
}

/** A profile's posting queue: weekly wall-clock slots in one IANA zone. A profile without a row has an empty queue. */
export const profileQueues = pgTable("profile_queues", {
  profileId: text("profile_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  workspaceId: workspaceColumn(),
  timezone: text("timezone").notNull(),
  slots: jsonb("slots").$type<QueueSlot[]>().notNull(),
  paused: boolean("paused").notNull().default(false),
  updatedAt: updatedAt(),
});

/**
 * One queued post holding one slot instant of its profile. The unique index is the claim: two
 * posts queued at once both try the same first free instant and the second insert conflicts,
 * so it moves on to the next one. A claim whose post no longer sits at that instant (cancelled,
 * moved, published) is stale and is cleared before the next claim of the profile.
 */
export const queueClaims = pgTable(
  "queue_claims",
  {
    workspaceId: workspaceColumn(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    slotAt: ts("slot_at").notNull(),
    // No foreign key: the claim is written before its post in the same transaction, which needs the instant.
    postId: text("post_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("queue_claims_profile_slot_key").on(t.profileId, t.slotAt), index("queue_claims_post_idx").on(t.postId)],
);
