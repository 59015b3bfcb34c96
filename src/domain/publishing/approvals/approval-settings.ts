import { and, eq, inArray } from "drizzle-orm";
import { profiles, workspaces } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { recordAuditEvent } from "../../core/index.js";
import type { DomainContext } from "../../core/index.js";

export interface ApprovalSettings {
  requireApproval: boolean;
  /** Only profiles that override the workspace: `true` always waits, `false` never does. */
  profiles: { profile: string; username: string; requireApproval: boolean }[];
}

export interface ApprovalSettingsChange {
  requireApproval?: boolean | undefined;
  /** Profile id → its override; `null` removes it (the profile follows the workspace again). */
  profiles?: Record<string, boolean | null> | undefined;
}

/** GET /v1/approval-settings. */
export async function getApprovalSettings({ ctx }: { ctx: DomainContext }): Promise<ApprovalSettings> {
  const [workspace] = await ctx.db.select({ requireApproval: workspaces.requireApproval }).from(workspaces).where(eq(workspaces.id, ctx.workspace.id));
  // A narrowed agent sees the overrides of the profiles in its grant only.
  const grantedProfiles = ctx.agent?.grant.profiles ?? null;
  const overrides =
    grantedProfiles?.length === 0
      ? []
      : await ctx.db
          .select({ profile: profiles.id, username: profiles.username, requireApproval: profiles.requireApproval })
          .from(profiles)
          .where(and(eq(profiles.workspaceId, ctx.workspace.id), grantedProfiles ? inArray(profiles.id, grantedProfiles) : undefined))
          .orderBy(profiles.username);
  return {
    requireApproval: workspace?.requireApproval ?? false,
    profiles: overrides.flatMap((p) => (p.requireApproval === null ? [] : [{ profile: p.profile, username: p.username, requireApproval: p.requireApproval }])),
  };
}

/**
 * PATCH /v1/approval-settings (owner only: an agent may not lift the rule that holds it). Every
 * named profile must be the workspace's own, or nothing changes. Posts already stored keep the
 * state they have: the rule applies to posts created after it.
 */
export async function updateApprovalSettings({ ctx, input }: { ctx: DomainContext; input: ApprovalSettingsChange }): Promise<ApprovalSettings> {
  const changes = Object.entries(input.profiles ?? {});
  const ids = changes.map(([id]) => id);
  const known =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ id: profiles.id })
          .from(profiles)
          .where(and(eq(profiles.workspaceId, ctx.workspace.id), inArray(profiles.id, ids)));
  const missing = ids.find((id) => !known.some((row) => row.id === id));
  if (missing) throw new ApiError("profile_unknown", { param: `profiles.${missing}`, message: `No profile ${missing} in this workspace.` });
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (input.requireApproval !== undefined) await tx.update(workspaces).set({ requireApproval: input.requireApproval }).where(eq(workspaces.id, ctx.workspace.id));
    for (const [id, value] of changes) {
      await tx
        .update(profiles)
        .set({ requireApproval: value })
        .where(and(eq(profiles.id, id), eq(profiles.workspaceId, ctx.workspace.id)));
    }
    await recordAuditEvent(tx, {
      workspaceId: ctx.workspace.id,
      type: "approval.settings_changed",
      actor: ctx.apiKey.id,
      details: { requireApproval: input.requireApproval ?? null, profiles: JSON.stringify(input.profiles ?? {}) },
      at: now,
    });
  });
  return getApprovalSettings({ ctx });
}
