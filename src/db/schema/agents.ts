import type { PlatformId } from "../../types/platform-ids.js";
import { boolean, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns.js";
import { workspaceColumn } from "./workspaces.js";

/** What the owner allowed an agent on the consent page (see src/domain/agents/grant.ts). */
export interface StoredGrant {
  /** Profile ids the agent may act for; null: every profile, and accounts outside any profile. */
  profiles: string[] | null;
  /** Networks it may reach; null: every network. */
  platforms: PlatformId[] | null;
  actions: string[];
  /** Credits it may spend per UTC day. */
  creditsPerDay: number;
  /** Whether credits bought up front may pay for its posts (otherwise the allowance and granted credits only). */
  purchasedCredits: boolean;
  /** Its posts wait for a person's approval (pending_approval); absent in grants stored before approvals: false. */
  requireApproval?: boolean;
  /** ISO 8601 time after which the agent may do nothing until the owner renews it; absent or null: no end. */
  expiresAt?: string | null;
}

/**
 * An OAuth client registered by dynamic client registration (RFC 7591). Registration is open (no
 * workspace yet): a client is only a name and redirect URIs until an owner approves it on the
 * consent page. A confidential client's secret is kept as its SHA-256 only.
 */
export const oauthClients = pgTable("oauth_clients", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  redirectUris: jsonb("redirect_uris").$type<string[]>().notNull(),
  /** `none` (public client, PKCE only), `client_secret_post` or `client_secret_basic`. */
  authMethod: text("auth_method").notNull(),
  secretHash: text("secret_hash"),
  clientUri: text("client_uri"),
  /**
   * Set for a client whose id is the HTTPS URL of its metadata document (client-metadata-document.ts):
   * until when the copy read last may be used (its Cache-Control, at most minutes), then it is read again.
   */
  metadataExpiresAt: ts("metadata_expires_at"),
  createdAt: createdAt(),
});

/**
 * An agent: one owner approval of one OAuth client in one workspace, with the grant the owner set.
 * Revoking it (`revokedAt`) ends every token it holds. What it spent is in `agent_spend`
 * (agent-spend.ts); this row is locked while a charge is checked, so charges of one agent queue.
 */
export const agents = pgTable(
  "agents",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.id, { onDelete: "cascade" }),
    /** The owner's session mode at approval: a test agent sees the sandbox, a live one the networks. */
    mode: text("mode").$type<"test" | "live">().notNull(),
    clientName: text("client_name").notNull(),
    nickname: text("nickname"),
    nicknameLocked: boolean("nickname_locked").notNull().default(false),
    grant: jsonb("grant").$type<StoredGrant>().notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [index("agents_workspace_idx").on(t.workspaceId)],
);

/** An authorization code: single use, one minute, bound to the client, redirect URI, PKCE challenge and resource. */
export const oauthCodes = pgTable("oauth_codes", {
  codeHash: text("code_hash").primaryKey(),
  agentId: text("agent_id")
    .notNull()
    .references(() => agents.id, { onDelete: "cascade" }),
  clientId: text("client_id").notNull(),
  redirectUri: text("redirect_uri").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  resource: text("resource").notNull(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
});

/**
 * Access and refresh tokens, by SHA-256 only. A refresh token is single use: using it sets
 * `usedAt` and issues a new pair in the same `family`; presenting a used one again revokes the
 * whole family (OAuth 2.1 §4.3.1: a replayed refresh token means it leaked).
 */
export const oauthTokens = pgTable(
  "oauth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    kind: text("kind").$type<"access" | "refresh">().notNull(),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    family: text("family").notNull(),
    resource: text("resource").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    revokedAt: ts("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("oauth_tokens_agent_idx").on(t.agentId), index("oauth_tokens_family_idx").on(t.family)],
);
