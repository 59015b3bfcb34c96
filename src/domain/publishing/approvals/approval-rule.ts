import { and, eq, inArray } from "drizzle-orm";
import { profiles, workspaces } from "../../../db/schema/index.js";
import type { PostApproval } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";

/**
 * Whether a new post must wait for a person, and which rule says so: the agent's grant first
 * (an owner who asked for it means it whatever the settings), then per target account its
 * profile's override, else the workspace's rule; one target held holds the whole post. Read
 * from the database, not the request's cached workspace row, so a setting changed a moment ago
 * already holds.
 */
export async function approvalRequiredBy(ctx: DomainContext, accountProfiles: readonly (string | null)[]): Promise<PostApproval["requiredBy"] | null> {
  if (ctx.agent?.grant.requireApproval) return "agent";
  const [workspace] = await ctx.db.select({ requireApproval: workspaces.requireApproval }).from(workspaces).where(eq(workspaces.id, ctx.workspace.id)).limit(1);
  const ids = [...new Set(accountProfiles.filter((id): id is string => id !== null))];
  const overrides =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ id: profiles.id, requireApproval: profiles.requireApproval })
          .from(profiles)
          .where(and(eq(profiles.workspaceId, ctx.workspace.id), inArray(profiles.id, ids)));
  let requiredBy: PostApproval["requiredBy"] | null = null;
  for (const profileId of accountProfiles) {
    const override = overrides.find((row) => row.id === profileId)?.requireApproval ?? null;
    if (override === true) return "profile";
    if (override === null && workspace?.requireApproval) requiredBy = "workspace";
  }
  return requiredBy;
}

/** The approval record a held post starts with. */
export function pendingApproval(ctx: DomainContext, requiredBy: PostApproval["requiredBy"]): PostApproval {
  return { requiredBy, proposedBy: ctx.agent?.id ?? null, decision: null, decidedBy: null, decidedAt: null, reason: null };
}
