import { jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ts } from "./columns.js";
import { workspaceColumn } from "./workspaces.js";

/**
 * Analytics as last read from the networks, so a dashboard asking again does not spend the
 * networks' quotas: one row per account and scope (`post:<tgt_ id>` for one published target,
 * `period:30d` for an account's totals), replaced by a newer read.
 */
export const analyticsCache = pgTable(
  "analytics_cache",
  {
    workspaceId: workspaceColumn(),
    accountId: text("account_id").notNull(),
    scope: text("scope").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    fetchedAt: ts("fetched_at").notNull(),
  },
  (t) => [uniqueIndex("analytics_cache_key").on(t.workspaceId, t.accountId, t.scope)],
);
