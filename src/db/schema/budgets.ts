import type { PlatformId } from "../../types/platform-ids.js";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { ts, updatedAt } from "./columns.js";
import { workspaces } from "./workspaces.js";

/**
 * How much of a network's per-app budget the current window has used (domain/accounts/budgets).
 * One row per budget, not per window: the reserving upsert starts a new window in place, so the
 * table holds one row per app (and Bluesky PDS) in use and never needs a purge. `budget_key`
 * names what the network counts together: the network, the app (`deployment`, `byo:<sha-256 of
 * the client id>`, `test:<workspace>` for the sandbox) and, for Bluesky, the PDS host.
 */
export const networkBudgets = pgTable("network_budgets", {
  budgetKey: text("budget_key").primaryKey(),
  platform: text("platform").$type<PlatformId>().notNull(),
  /** The workspace whose own app (or sandbox) this budget is; null for the deployment's app. */
  ownerWorkspaceId: text("owner_workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
  windowStart: ts("window_start").notNull(),
  used: integer("used").notNull(),
  updatedAt: updatedAt(),
});
