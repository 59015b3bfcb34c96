import type { PlatformId } from "../../types/platform-ids.js";
import { sql } from "drizzle-orm";
import { index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, timestamps, ts } from "./columns.js";
import { profiles, workspaceColumn } from "./workspaces.js";

/** Bring-your-own app credentials: a workspace's own client id and (encrypted) secret per network. */
export const appCredentials = pgTable(
  "app_credentials",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    platform: text("platform").$type<PlatformId>().notNull(),
    clientId: text("client_id").notNull(),
    clientSecretEncrypted: text("client_secret_encrypted").notNull(),
    /** The network products the app has (LinkedIn `member`, `organization`); null means the deployment's setting. */
    products: jsonb("products").$type<string[] | null>(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("app_credentials_workspace_platform_key").on(t.workspaceId, t.platform)],
);

/**
 * One OAuth attempt started from the hosted connect page: `id` is the `state` sent to the
 * network, so the callback finds the attempt, and `usedAt` makes the state single use.
 */
export const connectSessions = pgTable(
  "connect_sessions",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    profileId: text("profile_id").references(() => profiles.id, { onDelete: "cascade" }),
    platform: text("platform").$type<PlatformId>().notNull(),
    variant: text("variant"),
    mode: text("mode").$type<"test" | "live">().notNull(),
    codeVerifier: text("code_verifier").notNull(),
    returnUrl: text("return_url"),
    linkToken: text("link_token").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("connect_sessions_workspace_idx").on(t.workspaceId)],
);

/** The outbox: events recorded in the transaction of the change they report; webhooks deliver them. */
export const events = pgTable(
  "events",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    /** Test-key changes reach endpoints registered with a test key, live ones live endpoints. */
    mode: text("mode").$type<"test" | "live">().notNull().default("live"),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    /**
     * What the event reports in the network's or our own terms (`facebook:comment:<id>`,
     * `token_expiring:<acc>:<expiry>`), for events that may be reported twice (Meta retries a
     * webhook, a sweep runs again): unique per workspace, so the second report records nothing.
     */
    sourceId: text("source_id"),
    /**
     * The connected accounts the event is about (a post's every target), empty for the
     * workspace's own events (webhooks): an agent limited to some brands or networks sees an
     * event only when every one of them is within its grant, decided in the query.
     */
    accountIds: text("account_ids").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index("events_workspace_created_idx").on(t.workspaceId, t.createdAt),
    uniqueIndex("events_workspace_source_key").on(t.workspaceId, t.sourceId),
    // The minute's retention purge reads across workspaces by age: without it, a scan of every
    // event each minute, growing with the deployment (32 ms a cron run at 10,000 workspaces).
    index("events_created_idx").on(t.createdAt),
  ],
);
