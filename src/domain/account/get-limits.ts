import { and, asc, eq, ne } from "drizzle-orm";
import { socialAccounts } from "../../db/schema/index.js";
import { billingView, creditsView } from "../billing/credits.js";
import type { DomainContext } from "../context.js";

/**
 * The limits view: credits, billing mode, connected accounts and the rates in force. One
 * query beyond authentication (the connected accounts of the key's mode).
 */
export async function getLimits({ ctx }: { ctx: DomainContext }) {
  const { workspace, apiKey } = ctx;
  const connected = await ctx.db
    .select({ account: socialAccounts.id, platform: socialAccounts.platform, handle: socialAccounts.handle, status: socialAccounts.status })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.workspaceId, workspace.id), eq(socialAccounts.mode, apiKey.mode), ne(socialAccounts.status, "disconnected")))
    .orderBy(asc(socialAccounts.connectedAt), asc(socialAccounts.id));
  return {
    account: workspace.id,
    email: workspace.email,
    name: workspace.name,
    credits: creditsView(workspace, ctx.clock.now()),
    billing: billingView(workspace),
    connected,
    rateLimits: {
      apiPerMinute: workspace.apiPerMinute,
      postsPerMinute: workspace.postsPerMinute,
      profile: { apiPerMinute: workspace.profileApiPerMinute, postsPerMinute: workspace.profilePostsPerMinute },
    },
  };
}
