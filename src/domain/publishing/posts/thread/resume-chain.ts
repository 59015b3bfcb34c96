import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { postTargets, postThreadItems, socialAccounts } from "../../../../db/schema/index.js";
import type { DomainContext } from "../../../core/index.js";
import { ApiError } from "../../../../infra/errors.js";
import type { SocialAccountRow } from "../../../accounts/index.js";
import { adapterFor } from "../../../../networks/registry.js";
import { mediaLoaderFor } from "../../media/load-media-for-publish.js";
import { reserveCredits } from "../credits.js";
import type { MediaLoader } from "../prepare-targets.js";
import { PUBLISH_TIMEOUT_MS } from "../publish-timeout.js";
import { callForItem, claimItem, itemRequest, itemsOf, recordSent, runChains } from "./run-chain.js";

type ItemRow = typeof postThreadItems.$inferSelect;

/** States an item is left in when a chain stopped before it went out for sure. */
const RESUMABLE = ["pending", "failed", "not_sent", "unknown", "processing", "publishing"];

/**
 * A send whose runner died (a crash, a killed isolate) leaves its item `publishing`: past the
 * send timeout it is an unknown outcome, claimed like one.
 */
export async function claimStale(ctx: DomainContext, item: ItemRow): Promise<boolean> {
  const before = new Date(ctx.clock.now().getTime() - PUBLISH_TIMEOUT_MS);
  const rows = await ctx.db
    .update(postThreadItems)
    .set({ state: "publishing", attemptStartedAt: ctx.clock.now(), sends: sql`${postThreadItems.sends} + 1` })
    .where(and(eq(postThreadItems.id, item.id), eq(postThreadItems.workspaceId, ctx.workspace.id), eq(postThreadItems.state, "publishing"), lt(postThreadItems.attemptStartedAt, before)))
    .returning({ id: postThreadItems.id });
  return rows.length > 0;
}

/**
 * The first item of a chain that did not surely land, settled at the network before anything is
 * sent again, as the post path settles its unknown outcomes (poll-target.ts): a processing item is
 * polled; an unknown one is looked for among the account's posts (`findPublished`) and sent again
 * only when the network does not have it. Whether the chain may go on past it.
 */
async function settleUnsure(ctx: DomainContext, item: ItemRow, previous: string, account: SocialAccountRow, loadMedia: MediaLoader): Promise<boolean> {
  const adapter = adapterFor(account.platform);
  const claimed = item.state === "publishing" ? await claimStale(ctx, item) : await claimItem(ctx, item, item.state);
  if (!claimed) return false;
  const request = await itemRequest(item, previous, loadMedia, account);
  const check = item.state === "processing" && item.pollToken !== null ? adapter.checkPublish?.bind(adapter) : undefined;
  if (check && item.pollToken) {
    const token = item.pollToken;
    return (await recordSent(ctx, item, await callForItem(ctx, account, (tokens, net) => check(tokens, token, net)))) !== null;
  }
  const find = adapter.findPublished?.bind(adapter);
  if (!find) return false;
  // Not there: the attempt did not go out. Failing it (uncharged) is safe, a blind resend is not;
  // the caller's next retry sends it again, as a post's unknown outcome is settled (poll-target.ts).
  const sent = await callForItem(ctx, account, async (tokens, net) => {
    const found = await find(tokens, request, net);
    if (found) return { state: "published", ...found };
    const error = new ApiError("platform_unavailable", {
      platform: account.platform,
      message: `The ${account.platform} call for thread item ${item.position} timed out and the item is not on the network; retry to send it.`,
    });
    return { state: "failed", error };
  });
  return (await recordSent(ctx, item, sent)) !== null;
}

/**
 * Puts the refused and never-sent items of a chain back in line (`pending`), with a credit each
 * reserved again in the same transaction. The conditional update comes first and locks the rows,
 * so of two concurrent retries only the first re-arms (and pays for) an item; out of credits
 * rolls the whole change back.
 */
async function rearm(ctx: DomainContext, targetId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const armed = await tx
      .update(postThreadItems)
      .set({ state: "pending", error: null, attemptStartedAt: null })
      .where(and(eq(postThreadItems.targetId, targetId), eq(postThreadItems.workspaceId, ctx.workspace.id), inArray(postThreadItems.state, ["failed", "not_sent"])))
      .returning({ id: postThreadItems.id });
    const ids = armed.map((row) => row.id).sort();
    const sources = await reserveCredits(tx, ctx, ids, ctx.clock.now());
    for (const [i, id] of ids.entries())
      await tx
        .update(postThreadItems)
        .set({ credits: 1, creditSource: sources[i] ?? null })
        .where(eq(postThreadItems.id, id));
  });
}

/**
 * A retry of a request whose chains stopped part-way (the same Idempotency-Key, REST or MCP):
 * each published target's chain goes on after its last live item, never sending one that is out.
 * Returns whether any chain of the post had anything left to do.
 */
export async function resumeThreads({ ctx, input }: { ctx: DomainContext; input: { postId: string } }): Promise<boolean> {
  const open = await ctx.db
    .selectDistinct({ targetId: postThreadItems.targetId })
    .from(postThreadItems)
    .where(and(eq(postThreadItems.postId, input.postId), eq(postThreadItems.workspaceId, ctx.workspace.id), inArray(postThreadItems.state, RESUMABLE)));
  if (open.length === 0) return false;
  const targets = await ctx.db
    .select()
    .from(postTargets)
    .where(
      and(
        inArray(
          postTargets.id,
          open.map((o) => o.targetId),
        ),
        eq(postTargets.workspaceId, ctx.workspace.id),
        eq(postTargets.state, "published"),
      ),
    );
  const loadMedia = mediaLoaderFor(ctx);
  const ready: string[] = [];
  for (const target of targets) {
    const [account] = await ctx.db
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.id, target.accountId), eq(socialAccounts.workspaceId, ctx.workspace.id)));
    if (!account || target.networkPostId === null) continue;
    let previous = target.networkPostId;
    let blocked = false;
    for (const item of await itemsOf(ctx, target.id)) {
      if (item.state === "published" && item.networkPostId) {
        previous = item.networkPostId;
        continue;
      }
      if (item.state === "unknown" || item.state === "processing" || item.state === "publishing") blocked = !(await settleUnsure(ctx, item, previous, account, loadMedia));
      break;
    }
    if (blocked) continue;
    await rearm(ctx, target.id);
    ready.push(target.id);
  }
  await runChains(ctx, ready, loadMedia);
  return true;
}
