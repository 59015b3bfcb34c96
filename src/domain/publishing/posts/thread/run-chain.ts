import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { postTargets, postThreadItems, socialAccounts } from "../../../../db/schema/index.js";
import { ApiError } from "../../../../infra/errors.js";
import type { PublishRequest, PublishResult } from "../../../../networks/publish-types.js";
import type { NetworkContext, TokenSet } from "../../../../networks/types.js";
import { adapterFor } from "../../../../networks/registry.js";
import type { DomainContext } from "../../../core/index.js";
import { withAccountSession } from "../../../accounts/index.js";
import type { SocialAccountRow } from "../../../accounts/index.js";
import type { MediaLoader } from "../prepare-targets.js";
import { PUBLISH_TIMEOUT_MS } from "../publish-timeout.js";
import { recordItemProcessing, recordItemPublished, recordItemUnknown, stopItems, stopPendingOf } from "./item-outcome.js";

type ItemRow = typeof postThreadItems.$inferSelect;
export type Sent =
  | { state: "published"; networkPostId: string; url: string | null }
  | { state: "processing"; pollToken: string; pollAfterSeconds: number }
  | { state: "failed"; error: ApiError }
  | { state: "unknown" };

/** States in which a target's chain can go on: the post itself is out. */
const LIVE = new Set(["published"]);
/** A target that will never be out: its waiting items are given back. */
const DEAD = new Set(["failed", "cancelled", "retracted"]);

class Timeout extends Error {}

function classify(result: PublishResult): Sent {
  if (result.state === "published") return { state: "published", networkPostId: result.networkPostId, url: result.url };
  if (result.state === "processing") return { state: "processing", pollToken: result.pollToken, pollAfterSeconds: result.pollAfterSeconds };
  return result;
}

/**
 * One network call for an item, with the post path's reading of its failures (publish-targets.ts):
 * a timeout or an outage is an unknown outcome (the item may be out), a refusal a failure.
 */
export async function callForItem(ctx: DomainContext, account: SocialAccountRow, call: (tokens: TokenSet, net: NetworkContext) => Promise<PublishResult>): Promise<Sent> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Timeout()), PUBLISH_TIMEOUT_MS);
    });
    return classify(await Promise.race([withAccountSession(ctx, account, call), timeout]));
  } catch (error) {
    // A throttled call was refused, not sent: a failure the retry sends again.
    if (error instanceof Timeout || (error instanceof ApiError && error.code === "platform_unavailable")) return { state: "unknown" };
    if (error instanceof ApiError) return { state: "failed", error };
    return { state: "failed", error: new ApiError("internal_error", { platform: account.platform }) };
  } finally {
    clearTimeout(timer);
  }
}

/** What the adapter is sent for an item: a plain reply to the item before it, without the post's options. */
export async function itemRequest(item: ItemRow, inReplyTo: string, loadMedia: MediaLoader, account: SocialAccountRow): Promise<PublishRequest> {
  const files = item.media.length > 0 ? await loadMedia(item.media) : new Map();
  const media = item.media.flatMap((id, i) => {
    const file = files.get(id);
    return file ? [{ ...file, alt: item.mediaAlt[i] ?? file.alt }] : [];
  });
  return { text: item.text, media, options: {}, destination: null, targetId: item.id, networkUserId: account.networkUserId, inReplyTo };
}

/** Writes what a send or a check came to; a chain goes on only past a published item. */
export async function recordSent(ctx: DomainContext, item: ItemRow, sent: Sent): Promise<string | null> {
  if (sent.state === "published") return (await recordItemPublished(ctx, item.id, sent)) ? sent.networkPostId : null;
  if (sent.state === "processing") await recordItemProcessing(ctx, item.id, sent.pollToken);
  else if (sent.state === "unknown") await recordItemUnknown(ctx, item.id);
  else {
    await stopItems(ctx, [item.id], { state: "failed", from: "publishing", error: sent.error });
    // The rest of the chain stops with it: the items after it would answer nothing.
    await stopItems(ctx, await laterPending(ctx, item), { state: "not_sent", from: "pending" });
  }
  return null;
}

async function laterPending(ctx: DomainContext, item: ItemRow): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: postThreadItems.id, position: postThreadItems.position })
    .from(postThreadItems)
    .where(and(eq(postThreadItems.targetId, item.targetId), eq(postThreadItems.workspaceId, ctx.workspace.id), eq(postThreadItems.state, "pending")));
  return rows.filter((r) => r.position > item.position).map((r) => r.id);
}

/** The next look at an item the network is still processing, once per item and attempt (its dedup key). */
export async function queueItemPoll(ctx: DomainContext, itemId: string, attempt: number, afterSeconds: number): Promise<void> {
  await ctx.services.jobs.enqueue(
    {
      kind: "poll_thread_item",
      payload: { itemId, attempt, workspaceId: ctx.workspace.id, mode: ctx.apiKey.mode },
      runAt: new Date(ctx.clock.now().getTime() + Math.max(1, afterSeconds) * 1000),
      dedupKey: `thread-item:${itemId}:${attempt}`,
    },
    ctx.db,
  );
}

/** The conditional claim (`from` → `publishing`): only the runner whose update changes the row calls the network for it. */
export async function claimItem(ctx: DomainContext, item: ItemRow, from: string): Promise<boolean> {
  const rows = await ctx.db
    .update(postThreadItems)
    .set({ state: "publishing", attemptStartedAt: ctx.clock.now(), sends: sql`${postThreadItems.sends} + 1` })
    .where(and(eq(postThreadItems.id, item.id), eq(postThreadItems.workspaceId, ctx.workspace.id), eq(postThreadItems.state, from)))
    .returning({ id: postThreadItems.id });
  return rows.length > 0;
}

export async function itemsOf(ctx: DomainContext, targetId: string): Promise<ItemRow[]> {
  return ctx.db
    .select()
    .from(postThreadItems)
    .where(and(eq(postThreadItems.targetId, targetId), eq(postThreadItems.workspaceId, ctx.workspace.id)))
    .orderBy(asc(postThreadItems.position));
}

/**
 * Sends one target's chain in order, from the first item not yet out, each item replying to the
 * one before (the post itself for the first). It goes on only while its post is published and
 * every earlier item is; it stops at the first item another runner holds, or that did not land
 * (refused: the rest is given back as `not_sent`; unknown or processing: the retry settles it).
 */
async function runChain(ctx: DomainContext, target: { id: string; state: string; networkPostId: string | null }, account: SocialAccountRow, loadMedia: MediaLoader): Promise<void> {
  if (DEAD.has(target.state)) return stopPendingOf(ctx, [target.id]);
  if (!LIVE.has(target.state) || target.networkPostId === null) return;
  const publish = adapterFor(account.platform).publish?.bind(adapterFor(account.platform));
  if (!publish) return;
  let previous: string = target.networkPostId;
  for (const item of await itemsOf(ctx, target.id)) {
    if (item.state === "published" && item.networkPostId) {
      previous = item.networkPostId;
      continue;
    }
    if (item.state !== "pending" || !(await claimItem(ctx, item, "pending"))) return;
    const request = await itemRequest(item, previous, loadMedia, account);
    const sent = await callForItem(ctx, account, (tokens, net) => publish(tokens, request, net));
    const landed = await recordSent(ctx, item, sent);
    // A container or a video the network is still finishing: the item's poller goes on from it.
    if (sent.state === "processing") await queueItemPoll(ctx, item.id, 1, sent.pollAfterSeconds);
    if (landed === null) return;
    previous = landed;
  }
}

/** Runs the chains of these targets (those without items cost one query), each target's chain beside the others. */
export async function runChains(ctx: DomainContext, targetIds: readonly string[], loadMedia: MediaLoader): Promise<void> {
  if (targetIds.length === 0) return;
  const withItems = await ctx.db
    .selectDistinct({ targetId: postThreadItems.targetId })
    .from(postThreadItems)
    .where(and(inArray(postThreadItems.targetId, [...targetIds]), eq(postThreadItems.workspaceId, ctx.workspace.id)));
  if (withItems.length === 0) return;
  const ids = withItems.map((r) => r.targetId);
  const targets = await ctx.db
    .select({ id: postTargets.id, state: postTargets.state, networkPostId: postTargets.networkPostId, accountId: postTargets.accountId })
    .from(postTargets)
    .where(and(inArray(postTargets.id, ids), eq(postTargets.workspaceId, ctx.workspace.id)));
  const accounts = await ctx.db
    .select()
    .from(socialAccounts)
    .where(and(inArray(socialAccounts.id, [...new Set(targets.map((t) => t.accountId))]), eq(socialAccounts.workspaceId, ctx.workspace.id)));
  await Promise.all(
    targets.map(async (target) => {
      const account = accounts.find((a) => a.id === target.accountId);
      if (!account || account.status === "disconnected") return stopPendingOf(ctx, [target.id]);
      return runChain(ctx, target, account, loadMedia);
    }),
  );
}
