import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns.js";
import { workspaceColumn } from "./workspaces.js";

/**
 * An app link (POST /v1/app-link): single use, five minutes. Only the SHA-256 of its token is
 * stored, so a database leak opens no dashboard; `usedAt` is set by the conditional UPDATE that
 * redeems it, so two browsers racing on one link get one session between them.
 */
export const appLinks = pgTable(
  "app_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    workspaceId: workspaceColumn(),
    /** The minting key's mode: the session shows test or live data to start with. */
    mode: text("mode").$type<"test" | "live">().notNull(),
    /** The key id that minted it, or `operator` (CLI); the session's audit actor names it. */
    createdBy: text("created_by").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("app_links_workspace_idx").on(t.workspaceId)],
);

/**
 * A dashboard session opened from an app link. The cookie holds a random token; only its hash
 * is stored. `lastSeenAt` drives the idle expiry, `expiresAt` the absolute one; sign-out sets
 * `endedAt`. `csrfToken` is the per-session token every dashboard form posts back.
 */
export const dashboardSessions = pgTable(
  "dashboard_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    workspaceId: workspaceColumn(),
    /** The mode of the key that minted the link: a live session may also look at test data, a test session never at live. */
    mode: text("mode").$type<"test" | "live">().notNull(),
    /** Which data the pages show now (the test/live switch). */
    viewMode: text("view_mode").$type<"test" | "live">().notNull(),
    csrfToken: text("csrf_token").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    lastSeenAt: ts("last_seen_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    endedAt: ts("ended_at"),
  },
  (t) => [index("dashboard_sessions_workspace_idx").on(t.workspaceId)],
);
