import { and, eq } from "drizzle-orm";
import { postTargets, postThreadItems, socialAccounts } from "../../../../db/schema/index.js";
import { ApiError } from "../../../../infra/errors.js";
import { adapterFor } from "../../../../networks/registry.js";
import type { DomainContext } from "../../../core/index.js";
import type { MediaLoader } from "../prepare-targets.js";
import { settlePost } from "../record-outcome.js";
import { callForItem, claimItem, queueItemPoll, recordSent, runChains } from "./run-chain.js";

/** Looks at a processing item this often at most before giving it up, as the post path does. */
const MAX_ITEM_POLLS = 20;

/**
 * The `poll_thread_item` job: an item the network took but was still finishing (a Threads
 * container, an X video) is polled with its token (`checkPublish`); once it is out, its chain goes
 * on from it. The claim (`processing` → `publishing`) makes a duplicate delivery do nothing.
 */
export async function pollThreadItemJob(ctx: DomainContext, input: { itemId: string; attempt: number }, loadMedia: MediaLoader): Promise<void> {
  const [item] = await ctx.db
    .select()
    .from(postThreadItems)
    .where(and(eq(postThreadItems.id, input.itemId), eq(postThreadItems.workspaceId, ctx.workspace.id), eq(postThreadItems.state, "processing")));
  if (!item?.pollToken) return;
  const [target] = await ctx.db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.id, item.targetId), eq(postTargets.workspaceId, ctx.workspace.id)));
  const [account] = target
    ? await ctx.db
        .select()
        .from(socialAccounts)
        .where(and(eq(socialAccounts.id, target.accountId), eq(socialAccounts.workspaceId, ctx.workspace.id)))
    : [];
  const adapter = account ? adapterFor(account.platform) : null;
  const check = adapter?.checkPublish?.bind(adapter);
  if (!target || !account || !check || !(await claimItem(ctx, item, "processing"))) return;
  const token = item.pollToken;
  const sent = await callForItem(ctx, account, (tokens, net) => check(tokens, token, net));
  if (sent.state === "processing" && input.attempt >= MAX_ITEM_POLLS) {
    const error = new ApiError("platform_unavailable", { platform: account.platform, message: `${account.platform} did not finish processing thread item ${item.position}.` });
    await recordSent(ctx, item, { state: "failed", error });
  } else {
    await recordSent(ctx, item, sent);
    if (sent.state === "processing") await queueItemPoll(ctx, item.id, input.attempt + 1, sent.pollAfterSeconds);
  }
  if (sent.state === "published") await runChains(ctx, [target.id], loadMedia);
  await settlePost(ctx, target.postId);
}
