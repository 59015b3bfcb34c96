import { and, eq, isNotNull } from "drizzle-orm";
import { appCredentials, postTargets, posts, socialAccounts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { assertPostInGrant } from "../../agents/index.js";
import { withinGrant } from "../../agents/index.js";
import type { DomainContext } from "../../core/index.js";
import { credentialsOfAccount, rememberCredentials } from "../../accounts/index.js";
import type { PostRow } from "../../publishing/index.js";
import type { SocialAccountRow } from "../../accounts/index.js";

export interface PublishedTarget {
  row: SocialAccountRow;
  networkPostId: string;
}

/**
 * One of the workspace's posts in the key's mode (404 as for GET /v1/posts/{id}) with the targets
 * that are live on a network, each with the account it was published on (connected or not) and
 * that network's app credentials: one round trip where the comment reads used to spend four
 * (post, targets, accounts, credentials), since each page of comments needs all of them.
 */
export async function postWithPublishedTargets(ctx: DomainContext, id: string): Promise<{ post: PostRow; targets: PublishedTarget[] }> {
  const rows = await ctx.db
    .select({ post: posts, networkPostId: postTargets.networkPostId, account: socialAccounts, credential: appCredentials })
    .from(posts)
    .leftJoin(postTargets, and(eq(postTargets.postId, posts.id), eq(postTargets.workspaceId, posts.workspaceId), eq(postTargets.state, "published"), isNotNull(postTargets.networkPostId)))
    .leftJoin(socialAccounts, and(eq(socialAccounts.id, postTargets.accountId), eq(socialAccounts.workspaceId, posts.workspaceId)))
    .leftJoin(appCredentials, credentialsOfAccount)
    .where(and(eq(posts.id, id), eq(posts.workspaceId, ctx.workspace.id), eq(posts.mode, ctx.apiKey.mode)));
  const post = rows[0]?.post;
  if (!post) throw new ApiError("resource_not_found", { param: "id", message: `No post ${id} in this workspace.` });
  // An agent reaches a post only if its grant covers every account the post goes to (a query made for agents only).
  await assertPostInGrant(ctx, post.id);
  const live = rows.flatMap(({ networkPostId, account, credential }) => (account && networkPostId !== null ? [{ row: account, networkPostId, credential }] : []));
  rememberCredentials(
    ctx,
    live.map(({ row, credential }) => ({ platform: row.platform, credential })),
  );
  // An agent reads the comments on the accounts its grant reaches only.
  const reachable = new Set(
    withinGrant(
      ctx,
      live.map((t) => t.row),
    ),
  );
  return { post, targets: live.filter((t) => reachable.has(t.row)).map(({ row, networkPostId }) => ({ row, networkPostId })) };
}
