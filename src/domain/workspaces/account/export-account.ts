import { asc, desc, eq } from "drizzle-orm";
import { auditEvents, postTargets, posts, profiles, socialAccounts } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";

/**
 * Everything the workspace holds, for portability. Serialisers here are allowlists: tokens,
 * key hashes, secrets and encrypted columns are never selected.
 */
export async function exportAccount({ ctx }: { ctx: DomainContext }) {
  const ws = ctx.workspace.id;
  const [profileRows, accountRows, postRows, targetRows, auditRows] = await Promise.all([
    ctx.db.select().from(profiles).where(eq(profiles.workspaceId, ws)).orderBy(asc(profiles.createdAt)),
    ctx.db
      .select({
        id: socialAccounts.id,
        platform: socialAccounts.platform,
        handle: socialAccounts.handle,
        displayName: socialAccounts.displayName,
        profileId: socialAccounts.profileId,
        status: socialAccounts.status,
        mode: socialAccounts.mode,
        connectVariant: socialAccounts.connectVariant,
        connectedAt: socialAccounts.connectedAt,
      })
      .from(socialAccounts)
      .where(eq(socialAccounts.workspaceId, ws))
      .orderBy(asc(socialAccounts.connectedAt)),
    ctx.db.select().from(posts).where(eq(posts.workspaceId, ws)).orderBy(desc(posts.createdAt)),
    ctx.db.select().from(postTargets).where(eq(postTargets.workspaceId, ws)),
    ctx.db.select().from(auditEvents).where(eq(auditEvents.workspaceId, ws)).orderBy(desc(auditEvents.createdAt)),
  ]);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    account: { id: ws, email: ctx.workspace.email, name: ctx.workspace.name, plan: ctx.workspace.plan },
    profiles: profileRows.map((p) => ({ id: p.id, username: p.username, createdAt: p.createdAt.toISOString() })),
    socialAccounts: accountRows.map((a) => ({ ...a, connectedAt: a.connectedAt.toISOString() })),
    posts: postRows.map((p) => ({
      id: p.id,
      state: p.state,
      text: p.text,
      textOverrides: p.textOverrides,
      media: p.media,
      platformOptions: p.platformOptions,
      profileId: p.profileId,
      scheduledAt: iso(p.scheduledAt),
      timezone: p.timezone,
      createdAt: p.createdAt.toISOString(),
      publishedAt: iso(p.publishedAt),
      targets: targetRows.filter((t) => t.postId === p.id).map((t) => ({ account: t.accountId, platform: t.platform, handle: t.handle, state: t.state, networkPostId: t.networkPostId, url: t.url })),
    })),
    auditLog: auditRows.map((e) => ({ id: e.id, type: e.type, actor: e.actor, details: e.details, createdAt: e.createdAt.toISOString() })),
    exportedAt: ctx.clock.now().toISOString(),
  };
}
