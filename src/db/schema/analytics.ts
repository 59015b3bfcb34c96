import { jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces.js";

/**
 * Analytics as last read from the networks, so a dashboard asking again does not spend the
 * networks' quotas: one row per account and scope (`post:<tgt_ id>` for one published target,
 * `period:30d` for an account's totals), replaced by a newer read.
 */
export const analyticsCache = pgTable(
  "analytics_cache",
  {
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    scope: text("scope").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    fetchedAt: timestamp("fetched_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [uniqueIndex("analytics_cache_key").on(t.workspaceId, t.accountId, t.scope)],
);
