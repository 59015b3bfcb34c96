import { and, eq, isNotNull } from "drizzle-orm";
import { postTargets, socialAccounts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { EngageFacet, EngagementAction, UserRef } from "../../../networks/facets/engage.js";
import { methodOfAction } from "../../../networks/facets/engage.js";
import { assertAccountsInGrant } from "../../agents/index.js";
import type { DomainContext } from "../../core/index.js";
import type { SocialAccountRow } from "../../accounts/index.js";

export type ResolvedTarget = { kind: "post"; networkPostId: string } | { kind: "user"; user: UserRef };

const CHORUS_POST = /^post_[A-Za-z0-9_-]{1,60}$/;

/**
 * The network post a Chorus `post_` id stands for on the acting account's network: its target on
 * that account when it has one, else its target on another account of the same network (liking
 * from one Bluesky account what another one published). Another workspace's post is unknown, and
 * an agent names only posts within its grant (as GET /v1/posts/{id} shows it only those).
 */
async function chorusPost(ctx: DomainContext, row: SocialAccountRow, postId: string): Promise<string> {
  const rows = await ctx.db
    .select({ id: socialAccounts.id, platform: socialAccounts.platform, profileId: socialAccounts.profileId })
    .from(postTargets)
    .innerJoin(socialAccounts, eq(socialAccounts.id, postTargets.accountId))
    .where(and(eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.postId, postId), eq(socialAccounts.workspaceId, ctx.workspace.id), eq(socialAccounts.mode, ctx.apiKey.mode)));
  if (rows.length === 0) throw new ApiError("resource_not_found", { param: "target", message: "The post named in `target` is not a post of this workspace." });
  assertAccountsInGrant(ctx, rows, () => "target");
  const published = await ctx.db
    .select({ accountId: postTargets.accountId, networkPostId: postTargets.networkPostId })
    .from(postTargets)
    .where(and(eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.postId, postId), eq(postTargets.platform, row.platform), isNotNull(postTargets.networkPostId)));
  const own = published.find((p) => p.accountId === row.id) ?? published[0];
  if (!own?.networkPostId) {
    throw new ApiError("field_invalid", {
      param: "target",
      platform: row.platform,
      message: `Post ${postId} has no published target on ${row.platform}, so there is nothing there to act on.`,
      fix: `Use a post published to ${row.platform} (GET /v1/posts/${postId} lists its targets), or the network's own post id or URL.`,
    });
  }
  return own.networkPostId;
}

/** Parses `target` for the action (a post for like/repost/bookmark/save, a person for follow/block/mute), or refuses it with a fix. */
export async function resolveTarget(ctx: DomainContext, row: SocialAccountRow, facet: EngageFacet, action: EngagementAction, target: string): Promise<ResolvedTarget> {
  const { target: kind } = methodOfAction[action];
  const platform = row.platform;
  if (kind === "post") {
    if (CHORUS_POST.test(target)) return { kind, networkPostId: await chorusPost(ctx, row, target) };
    const networkPostId = facet.parsePost(target);
    if (networkPostId) return { kind, networkPostId };
    throw new ApiError("field_invalid", {
      param: "target",
      platform,
      message: `\`${action}\` acts on a post, and ${JSON.stringify(target)} is not one on ${platform}.`,
      fix: `Send a Chorus \`post_\` id published to ${platform}, or ${facet.targetForms.post}.`,
    });
  }
  const user = facet.parseUser(target);
  if (user) return { kind, user };
  throw new ApiError("field_invalid", {
    param: "target",
    platform,
    message: `\`${action}\` acts on a person, and ${JSON.stringify(target)} is not one on ${platform}.`,
    fix: `Send ${facet.targetForms.user}.`,
  });
}
