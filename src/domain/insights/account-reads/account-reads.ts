import { and, eq, inArray } from "drizzle-orm";
import { postTargets } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { AccountReadsFacet, NetworkAccountPost } from "../../../networks/facets/account-reads.js";
import type { NetworkActor } from "../../../networks/facets/inbox.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { NetworkAdapter } from "../../../networks/types.js";
import type { DomainContext } from "../../core/index.js";
import { type NetworkRead, type ReadProblem, spanningRead } from "../../accounts/index.js";
import { requireAccount } from "../../accounts/index.js";

export interface AccountPost {
  id: string;
  postId: string | null;
  account: string;
  platform: PlatformId;
  url: string | null;
  text: string | null;
  createdAt: string;
  kind: string;
}

export type SocialActor = NetworkActor & { platform: PlatformId };

type Input = { id: string; cursor?: string | undefined; limit: number };

/**
 * A network keeps followers in its own order (newest follow first), with no time on each; the
 * spanning read orders by time, so every actor gets the same one and the network's order stands.
 */
const SAME_TIME = "1970-01-01T00:00:00.000Z";

function actorRead(pick: (facet: AccountReadsFacet) => NetworkRead<NetworkActor> | undefined) {
  return (adapter: NetworkAdapter): NetworkRead<NetworkActor & { createdAt: string }> | undefined => {
    const read = adapter.accountReads ? pick(adapter.accountReads) : undefined;
    if (!read) return undefined;
    return async (tokens, page, net) => {
      const result = await read(tokens, page, net);
      return { items: result.items.map((actor) => ({ ...actor, createdAt: SAME_TIME })), cursor: result.cursor };
    };
  };
}

/** The caller's account, 404 naming `id` when it is another workspace's, the other key mode's, or disconnected. */
async function accountOf(ctx: DomainContext, id: string) {
  const row = await requireAccount(ctx, id);
  if (row.status === "disconnected") throw new ApiError("account_unknown", { param: "id", message: `No social account ${id} in this workspace.` });
  return row;
}

/** The Chorus `post_` ids of the account's posts that Chorus published, by their network ids. */
async function chorusPostIds(ctx: DomainContext, account: string, networkPostIds: string[]): Promise<Map<string, string>> {
  if (networkPostIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ postId: postTargets.postId, networkPostId: postTargets.networkPostId })
    .from(postTargets)
    .where(and(eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.accountId, account), inArray(postTargets.networkPostId, networkPostIds)));
  return new Map(rows.map((r) => [r.networkPostId ?? "", r.postId]));
}

/**
 * GET /v1/social-accounts/{id}/posts: the account's posts read live from the network, those made
 * outside Chorus included, each marked with its `post_` id when Chorus published it. A network
 * without the read, a connection to renew or a timeout is a `problems` entry (the spanning-read
 * helper), never an empty success.
 */
export async function listAccountPosts({ ctx, input }: { ctx: DomainContext; input: Input }): Promise<{ items: AccountPost[]; cursor: string | null; platform: PlatformId; problems: ReadProblem[] }> {
  const row = await accountOf(ctx, input.id);
  const page = await spanningRead<NetworkAccountPost>({
    ctx,
    input: { list: "account-posts", feature: "posts", account: row.id, cursor: input.cursor, limit: input.limit, pick: (adapter) => adapter.accountReads?.listPosts },
  });
  const ids = await chorusPostIds(
    ctx,
    row.id,
    page.items.map(({ item }) => item.id),
  );
  const platform = row.platform;
  const items = page.items.map(
    ({ item }): AccountPost => ({ id: item.id, postId: ids.get(item.id) ?? null, account: row.id, platform, url: item.url, text: item.text, createdAt: item.createdAt, kind: item.kind }),
  );
  return { items, cursor: page.cursor, platform, problems: page.problems };
}

async function listActors(ctx: DomainContext, input: Input, side: "followers" | "following"): Promise<{ items: SocialActor[]; cursor: string | null; platform: PlatformId; problems: ReadProblem[] }> {
  const row = await accountOf(ctx, input.id);
  const page = await spanningRead({
    ctx,
    input: {
      list: `account-${side}`,
      feature: side === "followers" ? "followers list" : "following list",
      account: row.id,
      cursor: input.cursor,
      limit: input.limit,
      pick: actorRead((facet) => (side === "followers" ? facet.listFollowers : facet.listFollowing)),
    },
  });
  const platform = row.platform;
  return { items: page.items.map(({ item: { createdAt: _, ...actor } }) => ({ ...actor, platform })), cursor: page.cursor, platform, problems: page.problems };
}

/** GET /v1/social-accounts/{id}/followers, as social actors in the network's order. */
export const listFollowers = ({ ctx, input }: { ctx: DomainContext; input: Input }) => listActors(ctx, input, "followers");
/** GET /v1/social-accounts/{id}/following. */
export const listFollowing = ({ ctx, input }: { ctx: DomainContext; input: Input }) => listActors(ctx, input, "following");
