import type { socialAccounts } from "../../db/schema/index.js";
import { blockedPlatforms } from "../billing/index.js";
import { creatorSearchRefusal } from "./creator-access.js";
import type { WorkspaceRecord } from "../core/index.js";

export type SocialAccountRow = typeof socialAccounts.$inferSelect;

export interface SocialAccountView {
  id: string;
  platform: string;
  handle: string;
  displayName: string | null;
  avatarUrl: string | null;
  profileId: string | null;
  status: "active" | "needs_reauth" | "disconnected";
  mode: "test" | "live";
  connectedAt: string;
  tokenExpiresAt: string | null;
  connectVariant: string | null;
  discovers: { creators: boolean };
  blocked: { reason: string; since: string } | null;
}

/** Creator search works where GET /v1/discover/creators would not refuse it (domain/accounts/creator-access.ts). */
function discoversCreators(row: SocialAccountRow): boolean {
  return creatorSearchRefusal(row) === null;
}

/** The one serialiser for accounts: an allowlist, so tokens and internal columns never leave. */
export function toAccountView(row: SocialAccountRow, workspace: WorkspaceRecord): SocialAccountView {
  const blocked = blockedPlatforms(workspace, row.mode).includes(row.platform);
  return {
    id: row.id,
    platform: row.platform,
    handle: row.handle,
    displayName: row.displayName,
    avatarUrl: row.avatarUrl,
    profileId: row.profileId,
    status: row.status,
    mode: row.mode,
    connectedAt: row.connectedAt.toISOString(),
    tokenExpiresAt: row.tokenExpiresAt ? row.tokenExpiresAt.toISOString() : null,
    connectVariant: row.connectVariant,
    discovers: { creators: discoversCreators(row) },
    blocked: blocked ? { reason: "plan_excludes_network", since: workspace.createdAt.toISOString() } : null,
  };
}
