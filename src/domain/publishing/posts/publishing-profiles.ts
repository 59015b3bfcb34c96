import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { postTargets, posts, profiles, socialAccounts } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";
import type { TargetSelection } from "./resolve-targets.js";

const distinct = (ids: (string | null | undefined)[]) => [...new Set(ids.filter((id): id is string => typeof id === "string"))];

async function profilesOfAccounts(ctx: DomainContext, accountIds: string[]): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const rows = await ctx.db
    .selectDistinct({ profileId: socialAccounts.profileId })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.workspaceId, ctx.workspace.id), inArray(socialAccounts.id, accountIds), isNotNull(socialAccounts.profileId)));
  return rows.map((r) => r.profileId).filter((id): id is string => id !== null);
}

/**
 * The profiles a new post publishes for, whose postsPerMinute it counts against (the spec: "when
 * the request names a profile or the post's accounts resolve to one"): the named profile, the
 * profiles owning the listed accounts, or the workspace's only profile when neither is given.
 * Unknown names and ids are skipped here; creating the post refuses them with their own codes.
 */
export async function publishingProfiles({ ctx, input }: { ctx: DomainContext; input: TargetSelection }): Promise<string[]> {
  const ws = ctx.workspace.id;
  const named = input.profile
    ? await ctx.db
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.workspaceId, ws), eq(profiles.username, input.profile)))
        .limit(1)
    : [];
  const fromAccounts = await profilesOfAccounts(ctx, input.accounts ?? []);
  if (!input.profile && (input.accounts?.length ?? 0) === 0) {
    const only = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.workspaceId, ws)).limit(2);
    return only.length === 1 ? distinct([only[0]?.id]) : [];
  }
  return distinct([...named.map((p) => p.id), ...fromAccounts]);
}

/** The profiles a stored draft publishes for: its own and those owning its targets' accounts. */
export async function draftProfiles({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<string[]> {
  const [post] = await ctx.db
    .select({ profileId: posts.profileId })
    .from(posts)
    .where(and(eq(posts.id, input.id), eq(posts.workspaceId, ctx.workspace.id)));
  if (!post) return [];
  const targets = await ctx.db
    .select({ accountId: postTargets.accountId })
    .from(postTargets)
    .where(and(eq(postTargets.postId, input.id), eq(postTargets.workspaceId, ctx.workspace.id)));
  return distinct([
    post.profileId,
    ...(await profilesOfAccounts(
      ctx,
      targets.map((t) => t.accountId),
    )),
  ]);
}
