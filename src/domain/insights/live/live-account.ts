import { and, eq } from "drizzle-orm";
import { liveBroadcasts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { LiveFacet } from "../../../networks/facets/live.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor, platformIds } from "../../../networks/registry.js";
import type { DomainContext } from "../../core/index.js";
import { accountWithAdapter, assertConnected, type ConnectedAccount } from "../../accounts/index.js";
import type { LiveBroadcastRow } from "./broadcast-view.js";

/** The networks whose adapters can create broadcasts, named in every refusal so the fix is concrete. */
export function liveNetworks(): PlatformId[] {
  return platformIds.filter((platform) => typeof adapterFor(platform).live?.createBroadcast === "function");
}

export interface LiveAccount extends ConnectedAccount {
  live: Required<LiveFacet>;
}

const hasEveryMethod = (facet: LiveFacet | undefined): facet is Required<LiveFacet> =>
  !!facet && !!facet.createBroadcast && !!facet.readBroadcast && !!facet.startBroadcast && !!facet.endBroadcast && !!facet.ingestCredentials;

/**
 * The caller's connected account (404 for another workspace's id) on a network that can go
 * live; any other network is 400 `capability_unsupported` naming the networks that can.
 */
export async function requireLiveAccount(ctx: DomainContext, id: string): Promise<LiveAccount> {
  const account = await accountWithAdapter(ctx, id);
  const live = account.adapter.live;
  if (!hasEveryMethod(live)) {
    const name = account.adapter.capabilities.name;
    const can = liveNetworks().map((p) => adapterFor(p).capabilities.name);
    throw new ApiError("capability_unsupported", {
      param: "id",
      platform: account.platform,
      message: `${name} accounts cannot broadcast live video through Chorus.`,
      fix: `Live broadcasts work on ${can.join(" and ")} accounts; GET /v1/platforms lists \`live_broadcasts\` under \`reads\` for the networks that have them.`,
    });
  }
  assertConnected(account);
  return { ...account, live };
}

/** One broadcast of this account in this workspace, or 404 for any other id. */
export async function requireBroadcast(ctx: DomainContext, accountId: string, liveId: string): Promise<LiveBroadcastRow> {
  const [row] = await ctx.db
    .select()
    .from(liveBroadcasts)
    .where(and(eq(liveBroadcasts.id, liveId), eq(liveBroadcasts.accountId, accountId), eq(liveBroadcasts.workspaceId, ctx.workspace.id)))
    .limit(1);
  if (!row)
    throw new ApiError("resource_not_found", {
      param: "liveId",
      message: `No live broadcast ${liveId} on this account.`,
      fix: "List the account's broadcasts with GET /v1/social-accounts/{id}/live-broadcasts.",
    });
  return row;
}
