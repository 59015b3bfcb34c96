import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { agents } from "./agents.js";
import { workspaceColumn } from "./workspaces.js";

/**
 * An agent's daily allowance as a ledger: a `charge` row per credit it spent (one publish target
 * or one billed reply, the `subject`), and a `refund` row when that credit came back (the network
 * refused the target or the reply). What it spent on a UTC `day` is the sum of `amount` for that
 * day, so a refund lowers the day's spend by construction. A refund is booked on the day of its
 * charge, and the primary key lets each subject be charged and refunded once.
 */
export const agentSpend = pgTable(
  "agent_spend",
  {
    subject: text("subject").notNull(),
    kind: text("kind").$type<"charge" | "refund">().notNull(),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    workspaceId: workspaceColumn(),
    /** UTC day of the charge, `YYYY-MM-DD` (a refund carries its charge's day). */
    day: text("day").notNull(),
    amount: integer("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.kind] }), index("agent_spend_agent_day_idx").on(t.agentId, t.day)],
);
