import { and, asc, eq, ne } from "drizzle-orm";
import { socialAccounts, workspaces } from "../../db/schema/index.js";
import { ApiError } from "../../infra/errors.js";
import { billingView, creditsView } from "../billing/credits.js";
import type { DomainContext } from "../context.js";

/**
 * The limits view: credits, billing mode, connected accounts and the rates in force. The key may
 * come from the verified-key cache (seconds old), so the workspace is read again here, joined to
 * the connected accounts of the key's mode: one query, and credits are always current.
 */
export async function getLimits({ ctx }: { ctx: DomainContext }) {
  const rows = await ctx.db
    .select({
      workspace: workspaces,
      account: { account: socialAccounts.id, platform: socialAccounts.platform, handle: socialAccounts.handle, status: socialAccounts.status },
    })
    .from(workspaces)
    .leftJoin(
      socialAccounts,
      and(eq(socialAccounts.workspaceId, workspaces.id), eq(socialAccounts.mode, ctx.apiKey.mode), ne(socialAccounts.status, "disconnected")),
    )
    .where(eq(workspaces.id, ctx.workspace.id))
    .orderBy(asc(socialAccounts.connectedAt), asc(socialAccounts.id));
  const workspace = rows[0]?.workspace;
  // Deleted since the key was verified (within the cache's TTL).
  if (!workspace) throw new ApiError("unauthorized", { message: "The API key is not valid." });
  const connected = rows.flatMap((row) => (row.account ? [row.account] : []));
  return {
    account: workspace.id,
    email: workspace.email,
    name: workspace.name,
    credits: creditsView(workspace, ctx.apiKey.mode, ctx.clock.now()),
    billing: billingView(workspace),
    connected,
    rateLimits: {
      apiPerMinute: workspace.apiPerMinute,
      postsPerMinute: workspace.postsPerMinute,
      profile: { apiPerMinute: workspace.profileApiPerMinute, postsPerMinute: workspace.profilePostsPerMinute },
    },
  };
}
