import { and, count, eq, gte, inArray, or } from "drizzle-orm";
import { postTargets } from "../../db/schema/index.js";
import type { PlatformId } from "../../types/platform-ids.js";
import { rulesFor } from "../../networks/registry.js";
import type { Allowance } from "../../networks/types.js";
import type { DomainContext } from "../core/index.js";
import { accountWithAdapter, assertConnected, capabilityUnsupported, type ConnectedAccount } from "./account-resources.js";
import { withAccountSession } from "./account-session.js";

export interface AllowanceView extends Allowance {
  platform: PlatformId;
}

/**
 * The `capabilities.rateLimits` entry that bounds how many posts one account may publish, for
 * networks that document such a window but have no endpoint to read it: `postingWindowScope` in
 * the network's rules.ts. Only windows of whole hours qualify (the spec's `windowHours` is an
 * integer), and only per-account ones: app- or project-wide quotas (YouTube uploads, X's app cap)
 * say nothing about one account, and a limit on one post type (Facebook reels) would understate
 * the others. Networks without one publish no per-account posting window, and the endpoint says
 * so instead of inventing one.
 */
const postingWindowScope = (platform: PlatformId) => rulesFor(platform).postingWindowScope;

/**
 * Posts this account sent in the window, as far as Chorus knows: targets published through it
 * since the window began, plus targets still processing at the network (already counted there).
 * Posts made elsewhere (the network's own app) are invisible here, so `used` is a lower bound.
 */
async function postsSentSince(ctx: DomainContext, accountId: string, since: Date): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(postTargets)
    .where(
      and(
        eq(postTargets.workspaceId, ctx.workspace.id),
        eq(postTargets.accountId, accountId),
        // A retracted post was still made: the network counted it when it went out.
        or(and(inArray(postTargets.state, ["published", "retracted"]), gte(postTargets.publishedAt, since)), eq(postTargets.state, "processing")),
      ),
    );
  return row?.n ?? 0;
}

async function documentedAllowance(ctx: DomainContext, account: ConnectedAccount): Promise<AllowanceView> {
  const scope = postingWindowScope(account.platform);
  const window = account.adapter.capabilities.rateLimits.find((limit) => limit.scope === scope);
  if (!window || window.windowSeconds % 3600 !== 0) throw capabilityUnsupported(account.platform, "documented per-account posting window");
  const since = new Date(ctx.clock.now().getTime() - window.windowSeconds * 1000);
  const used = await postsSentSince(ctx, account.row.id, since);
  return {
    used,
    limit: window.limit,
    remaining: Math.max(0, window.limit - used),
    windowHours: window.windowSeconds / 3600,
    platform: account.platform,
    source: "documented",
  };
}

/**
 * GET /v1/social-accounts/{id}/allowance: read live from the network where it publishes the
 * count (Instagram's content_publishing_limit, Threads' threads_publishing_limit), else the
 * network's documented window with Chorus's own count of posts sent through the account.
 */
export async function getAllowance({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<AllowanceView> {
  const account = await accountWithAdapter(ctx, input.id);
  const read = account.adapter.allowance?.bind(account.adapter);
  if (!read && postingWindowScope(account.platform) === undefined) {
    throw capabilityUnsupported(account.platform, "documented per-account posting window");
  }
  assertConnected(account);
  if (!read) return documentedAllowance(ctx, account);
  const live = await withAccountSession(ctx, account.row, read);
  return { used: live.used, limit: live.limit, remaining: live.remaining, windowHours: live.windowHours, platform: account.platform, source: live.source };
}
