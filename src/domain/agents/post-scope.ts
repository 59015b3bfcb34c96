import { and, eq, inArray, sql } from "drizzle-orm";
import { postTargets, posts, socialAccounts } from "../../db/schema/index.js";
import { ApiError } from "../../infra/errors.js";
import type { DomainContext } from "../core/index.js";
import { type ScopedAccount, accountRefusal } from "./grant.js";
import { postUsesMedia } from "./grant-sql.js";

/**
 * A post is within an agent's grant when every account it goes to is: a post made with a list of
 * accounts has no profile of its own, so the brand is read from its accounts. One query, made
 * only for agents (an API key's reads are unchanged). Lists filter in their query instead
 * (grant-sql.ts postsWithinGrant, the same rule).
 */
async function accountsOfPosts(ctx: DomainContext, postIds: string[]): Promise<Map<string, ScopedAccount[]>> {
  const rows = await ctx.db
    .select({ postId: postTargets.postId, id: socialAccounts.id, platform: socialAccounts.platform, profileId: socialAccounts.profileId })
    .from(postTargets)
    .innerJoin(socialAccounts, eq(socialAccounts.id, postTargets.accountId))
    .where(and(eq(postTargets.workspaceId, ctx.workspace.id), inArray(postTargets.postId, postIds)));
  const byPost = new Map<string, ScopedAccount[]>();
  for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), row]);
  return byPost;
}

export async function assertPostInGrant(ctx: DomainContext, postId: string): Promise<void> {
  const agent = ctx.agent;
  if (!agent) return;
  for (const account of (await accountsOfPosts(ctx, [postId])).get(postId) ?? []) {
    const refusal = accountRefusal(agent.grant, account, "id");
    if (refusal)
      throw new ApiError(refusal.code, { param: "id", fix: refusal.fix, message: `Post ${postId} goes to ${account.platform} account ${account.id}, outside this agent's grant. ${refusal.message}` });
  }
}

/**
 * An upload a narrowed agent may see can still be used by a post outside its grant (the owner
 * attached it there too): deleting it would break that post, so the agent is refused, naming the
 * grant as assertPostInGrant does, and the owner deletes it.
 */
export async function assertMediaUsersInGrant(ctx: DomainContext, mediaId: string): Promise<void> {
  const agent = ctx.agent;
  if (!agent) return;
  const accounts = await ctx.db
    .selectDistinct({ id: socialAccounts.id, platform: socialAccounts.platform, profileId: socialAccounts.profileId })
    .from(posts)
    .innerJoin(postTargets, and(eq(postTargets.postId, posts.id), eq(postTargets.workspaceId, ctx.workspace.id)))
    .innerJoin(socialAccounts, eq(socialAccounts.id, postTargets.accountId))
    .where(and(eq(posts.workspaceId, ctx.workspace.id), postUsesMedia(sql`${mediaId}::text`)));
  for (const account of accounts) {
    const refusal = accountRefusal(agent.grant, account, "id");
    if (refusal)
      throw new ApiError(refusal.code, {
        param: "id",
        fix: refusal.fix,
        message: `Media ${mediaId} is also used by a post to ${account.platform} account ${account.id}, outside this agent's grant: deleting it would break that post. ${refusal.message}`,
      });
  }
}
