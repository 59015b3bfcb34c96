import { and, asc, eq, sql } from "drizzle-orm";
import { postTargets, postThreadItems, posts, socialAccounts } from "../../../../db/schema/index.js";
import type { DomainContext, JobRuntime } from "../../../core/index.js";
import { ApiError } from "../../../../infra/errors.js";
import { adapterFor } from "../../../../networks/registry.js";
import { mediaLoaderFor } from "../../media/load-media-for-publish.js";
import { PUBLISH_TIMEOUT_MS } from "../publish-timeout.js";
import { recordItemUnknown } from "./item-outcome.js";
import { claimStale } from "./resume-chain.js";
import { callForItem, itemRequest, recordSent, runChains } from "./run-chain.js";

/** Rows this sweep may have work for: a chain item waiting or in flight. */
export const chainsToWatch = sql`exists (select 1 from ${postThreadItems} where ${postThreadItems.state} in ('pending', 'publishing'))`;

/**
 * The job that resumes one target's chain; keyed by the item it starts from and that item's sends,
 * so a second sweep before it runs queues nothing more, and a later stop of the same chain (a new
 * send) gets a job of its own.
 */
export const resumeChainJobKey = (itemId: string, sends: number) => `resume-chain:${itemId}:${sends}`;

/**
 * Chains a crash stopped between items or mid-send, never those a network stopped: the published
 * targets whose first item not yet out is either `pending` with nothing of the chain moving since
 * the send timeout (the runner died after the item before it landed), or `publishing` past the
 * send timeout (the runner died mid-call). A refused item (`failed`, then `not_sent`), an unknown
 * answer and an item the network is processing are left to the caller's retry and the item's
 * poller, as before. One `resume_chain` job per chain stop.
 */
export async function sweepStoppedChains(runtime: JobRuntime, limit = 100): Promise<number> {
  const now = runtime.clock.now();
  const cutoff = new Date(now.getTime() - PUBLISH_TIMEOUT_MS - 60_000);
  const rows: unknown = await runtime.db.execute(sql`
    select distinct on (i.target_id) i.id, i.target_id, i.workspace_id, i.sends, i.state, p.mode
    from ${postThreadItems} i
    join ${postTargets} t on t.id = i.target_id
    join ${posts} p on p.id = i.post_id
    where t.state = 'published' and t.published_at < ${cutoff.toISOString()}::timestamptz
      and i.state in ('pending', 'publishing')
      and not exists (select 1 from ${postThreadItems} e where e.target_id = i.target_id and e.state in ('failed', 'unknown', 'processing'))
      and not exists (select 1 from ${postThreadItems} b where b.target_id = i.target_id and b.position < i.position and b.state <> 'published')
      and not exists (select 1 from ${postThreadItems} r where r.target_id = i.target_id and r.attempt_started_at >= ${cutoff.toISOString()}::timestamptz)
    order by i.target_id, i.position
    limit ${limit}`);
  const found = (Array.isArray(rows) ? rows : ((rows as { rows?: unknown[] }).rows ?? [])) as { id: string; target_id: string; workspace_id: string; sends: number; mode: string }[];
  for (const item of found) {
    await runtime.services.jobs.enqueue(
      {
        kind: "resume_chain",
        payload: { targetId: item.target_id, workspaceId: item.workspace_id, mode: item.mode },
        runAt: now,
        dedupKey: resumeChainJobKey(item.id, Number(item.sends)),
      },
      runtime.db,
    );
  }
  if (found.length > 0) runtime.services.logger.warn("sweep resumes stopped chains", { targets: found.map((r) => r.target_id) });
  return found.length;
}

/**
 * The `resume_chain` job: settles an item a dead runner left `publishing` (claimed again past the
 * timeout, so of two jobs one acts; looked for at the network first: found, it is live; not
 * there, it never went out and goes back in line with its credit; a network that cannot be
 * asked leaves it `unknown` for the caller), then runs the chain on from the last live item
 * through the usual per-item claims, so no item is sent twice.
 */
export async function resumeStoppedChain(ctx: DomainContext, input: { targetId: string }): Promise<void> {
  const [target] = await ctx.db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.id, input.targetId), eq(postTargets.workspaceId, ctx.workspace.id), eq(postTargets.state, "published")));
  if (!target?.networkPostId) return;
  const [account] = await ctx.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, target.accountId), eq(socialAccounts.workspaceId, ctx.workspace.id)));
  if (!account) return;
  const items = await ctx.db
    .select()
    .from(postThreadItems)
    .where(and(eq(postThreadItems.targetId, target.id), eq(postThreadItems.workspaceId, ctx.workspace.id)))
    .orderBy(asc(postThreadItems.position));
  const loadMedia = mediaLoaderFor(ctx);
  let previous = target.networkPostId;
  for (const item of items) {
    if (item.state === "published" && item.networkPostId) {
      previous = item.networkPostId;
      continue;
    }
    if (item.state === "publishing") {
      if (!(await claimStale(ctx, item))) return;
      const find = adapterFor(account.platform).findPublished?.bind(adapterFor(account.platform));
      if (!find) return recordItemUnknown(ctx, item.id);
      const request = await itemRequest(item, previous, loadMedia, account);
      const sent = await callForItem(ctx, account, async (tokens, net) => {
        const found = await find(tokens, request, net);
        if (found) return { state: "published", ...found };
        throw new NotThere();
      });
      if (sent.state === "published") {
        await recordSent(ctx, item, sent);
        break;
      }
      // The lookup did not answer (or was refused): whether the item is out stays unknown, for the caller's retry to settle.
      if (!(sent.state === "failed" && sent.error instanceof NotThere)) return recordItemUnknown(ctx, item.id);
      // Not on the network: the dead runner's call never landed. Back in line with the credit it holds; the claim in runChains sends it once.
      await ctx.db
        .update(postThreadItems)
        .set({ state: "pending", attemptStartedAt: null })
        .where(and(eq(postThreadItems.id, item.id), eq(postThreadItems.workspaceId, ctx.workspace.id), eq(postThreadItems.state, "publishing")));
    }
    break;
  }
  await runChains(ctx, [target.id], loadMedia);
}

/** The lookup's answer "the network does not have it", told apart from a refusal of the lookup itself. */
class NotThere extends ApiError {
  constructor() {
    super("internal_error", { message: "The item is not on the network." });
  }
}
