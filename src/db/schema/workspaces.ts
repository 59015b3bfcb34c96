import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns.js";

export const workspaces = pgTable("workspaces", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  /** `free` or `subscription`; the billing mode `payg` is derived (free plan with a positive purchased balance). */
  plan: text("plan").notNull(),
  /** Credits left of this period's monthly allowance; reset lazily when `creditsPeriod` is stale. */
  creditsMonthly: integer("credits_monthly").notNull(),
  creditsPeriod: text("credits_period").notNull(),
  /** Granted (operator), non-renewing credits of the live ledger; spent after the monthly allowance. */
  creditsPack: integer("credits_pack").notNull().default(0),
  /** Purchased, non-renewing credits of the live ledger; spent last. A positive balance makes a free workspace `payg`. */
  creditsPurchased: integer("credits_purchased").notNull().default(0),
  hasPurchasedCredits: boolean("has_purchased_credits").notNull().default(false),
  monthlyAllowance: integer("monthly_allowance").notNull(),
  /**
   * The test ledger: what test keys spend (same allowance and rules as the live ledger, topped
   * up or reset by the operator CLI), so nothing a test key does touches live balances. An
   * empty period means "not yet used": the whole allowance.
   */
  testCreditsMonthly: integer("test_credits_monthly").notNull().default(0),
  testCreditsPeriod: text("test_credits_period").notNull().default(""),
  testCreditsPack: integer("test_credits_pack").notNull().default(0),
  apiPerMinute: integer("api_per_minute").notNull(),
  postsPerMinute: integer("posts_per_minute").notNull(),
  profileApiPerMinute: integer("profile_api_per_minute").notNull(),
  profilePostsPerMinute: integer("profile_posts_per_minute").notNull(),
  blockedPlatforms: jsonb("blocked_platforms").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** Posts wait in `pending_approval` until a person approves them (a profile may override). */
  requireApproval: boolean("require_approval").notNull().default(false),
  createdAt: createdAt(),
});

/** The workspace a row belongs to; deleting the workspace deletes the row. */
export const workspaceColumn = () =>
  text("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    /** SHA-256 hex of the whole key; the key itself is shown once and never stored. */
    hash: text("hash").notNull(),
    /** First characters of the key (`sk_test_ab12`), to recognise it in lists and logs. */
    prefix: text("prefix").notNull(),
    mode: text("mode").$type<"test" | "live">().notNull(),
    name: text("name").notNull(),
    clientName: text("client_name").notNull(),
    nickname: text("nickname"),
    nicknameLocked: boolean("nickname_locked").notNull().default(false),
    createdAt: createdAt(),
    revokedAt: ts("revoked_at"),
    /** Last authenticated request, to the minute (written at most once a minute per key). */
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [uniqueIndex("api_keys_hash_key").on(t.hash), index("api_keys_workspace_idx").on(t.workspaceId)],
);

export const profiles = pgTable(
  "profiles",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    username: text("username").notNull(),
    /** Overrides the workspace's `requireApproval` for this profile's posts; null follows the workspace. */
    requireApproval: boolean("require_approval"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("profiles_workspace_username_key").on(t.workspaceId, t.username)],
);

export const auditEvents = pgTable(
  "audit_events",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    type: text("type").notNull(),
    /** Who did it: an API key id, `operator` (CLI) or `dashboard`. */
    actor: text("actor").notNull(),
    details: jsonb("details").$type<Record<string, string | number | boolean | null>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_events_workspace_created_idx").on(t.workspaceId, t.createdAt)],
);

export const emailPreferences = pgTable("email_preferences", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  publishFailures: boolean("publish_failures").notNull().default(true),
  accountDisconnected: boolean("account_disconnected").notNull().default(true),
  creditsLow: boolean("credits_low").notNull().default(true),
  weeklyDigest: boolean("weekly_digest").notNull().default(false),
  productUpdates: boolean("product_updates").notNull().default(false),
  updatedAt: updatedAt(),
});

export const idempotencyRecords = pgTable(
  "idempotency_records",
  {
    workspaceId: workspaceColumn(),
    key: text("key").notNull(),
    /** SHA-256 of method, route and canonical body: a different request under the same key is refused. */
    fingerprint: text("fingerprint").notNull(),
    state: text("state").$type<"running" | "done">().notNull(),
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>(),
    /**
     * The post this request stored, written in the transaction that stored it: a `running` claim
     * with a post did commit work, so it is never freed for a re-run (a retry gets that post).
     */
    postId: text("post_id"),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [uniqueIndex("idempotency_records_key").on(t.workspaceId, t.key), index("idempotency_records_expires_idx").on(t.expiresAt)],
);
