import type { PlatformId } from "../../types/platform-ids.js";
import { adapterFor } from "../../networks/registry.js";
import type { DomainContext } from "../core/index.js";
import { accountsInScope, callWithinBudget, problemOf, type ReadProblem } from "../accounts/index.js";

export interface MarkSeenResult {
  seenAt: string;
  /** Accounts whose network now counts everything up to `seenAt` as seen. */
  marked: { account: string; platform: PlatformId }[];
  /** Accounts left as they were, and why (a network without seen state, a connection to renew, a failure). */
  skipped: ReadProblem[];
}

/**
 * POST /v1/notifications/seen: marks notifications seen up to now on every network in scope that
 * keeps that state (Bluesky `updateSeen`); the others are named in `skipped`, never silently left.
 */
export async function markNotificationsSeen({ ctx, input }: { ctx: DomainContext; input: { account?: string | undefined } }): Promise<MarkSeenResult> {
  const rows = await accountsInScope(ctx, input.account);
  const seenAt = ctx.clock.now().toISOString();
  const marked: MarkSeenResult["marked"] = [];
  const skipped: ReadProblem[] = [];
  await Promise.all(
    rows.map(async (row) => {
      const platform = row.platform;
      const adapter = adapterFor(platform);
      const mark = adapter.inbox?.markNotificationsSeen?.bind(adapter.inbox);
      if (!mark) {
        skipped.push(problemOf(row, "capability_unsupported", `${adapter.capabilities.name} keeps no seen state for notifications that Chorus can set.`, false));
        return;
      }
      if (row.status !== "active" || !row.tokensEncrypted) {
        skipped.push(problemOf(row, "needs_reauth", `The ${platform} account ${row.handle} needs to be reconnected.`, false));
        return;
      }
      const outcome = await callWithinBudget(ctx, row, (tokens, net) => mark(tokens, { seenAt }, net));
      if (outcome.ok) marked.push({ account: row.id, platform });
      else skipped.push(outcome.problem);
    }),
  );
  const byAccount = <T extends { account: string }>(a: T, b: T) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0);
  return { seenAt, marked: marked.sort(byAccount), skipped: skipped.sort(byAccount) };
}
