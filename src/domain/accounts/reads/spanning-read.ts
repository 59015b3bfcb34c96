import { and, eq, ne } from "drizzle-orm";
import { appCredentials, socialAccounts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { NetworkPage, NetworkPageRequest } from "../../../networks/facets/inbox.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import type { NetworkAdapter, NetworkContext, TokenSet } from "../../../networks/types.js";
import { withinGrant } from "../../agents/index.js";
import type { DomainContext } from "../../core/index.js";
import { credentialsOfAccount, rememberCredentials } from "../networks/credential-cache.js";
import { requireAccount } from "../account-queries.js";
import { withAccountSession } from "../account-session.js";
import { withinDeadline } from "../networks/network-deadline.js";
import type { SocialAccountRow } from "../account-view.js";
import { type FetchedSource, fetchSource, freshState, type MergeItem, mergePages, type SourceState } from "../../../networks/merge-pages.js";
import { signSpanningCursor, verifySpanningCursor } from "./spanning-cursor.js";

/** How long one network may take to answer one page, unless the deployment sets `networks.readTimeoutMs`. */
export const DEFAULT_READ_TIMEOUT_MS = 8000;

/** A network that could not be read for this page (API-DECISIONS: read-problem record). */
export interface ReadProblem {
  account: string;
  platform: PlatformId;
  code: string;
  message: string;
  retryable: boolean;
}

export type NetworkRead<T> = (tokens: TokenSet, page: NetworkPageRequest, net: NetworkContext) => Promise<NetworkPage<T>>;

export interface SpanningReadInput<T extends MergeItem> {
  /** Names the list in its cursor, so a cursor of one list is refused by another. */
  list: string;
  /** What the read is called in messages (`notifications`). */
  feature: string;
  /** One `acc_` id, or undefined for every account of the workspace in the key's mode. */
  account: string | undefined;
  cursor: string | undefined;
  limit: number;
  /** The network read of an adapter, bound to its facet (and to what it reads on that account), or undefined when its network cannot do it. */
  pick: (adapter: NetworkAdapter, account: SocialAccountRow) => NetworkRead<T> | undefined;
  /** The accounts to read when the list is not one of accounts (a post's comments: the accounts it was published on); `account` then only names the cursor's scope. */
  accounts?: SocialAccountRow[];
  /**
   * Checks an account before its network is called (a query the network would refuse or answer
   * empty, a quota Chorus counts): a returned problem is reported on this page and ends that
   * account's part of the read, like a network without the feature.
   */
  admit?: (row: SocialAccountRow, adapter: NetworkAdapter) => Promise<ReadProblem | null>;
}

export interface SpanningPage<T> {
  items: { account: SocialAccountRow; item: T }[];
  cursor: string | null;
  problems: ReadProblem[];
}

/** The accounts a read covers: the one named (400/404 as for any account id), or every connected one in the key's mode. */
export async function accountsInScope(ctx: DomainContext, account: string | undefined): Promise<SocialAccountRow[]> {
  if (account !== undefined) {
    const row = await requireAccount(ctx, account, "account");
    if (row.status === "disconnected") throw new ApiError("account_unknown", { param: "account", message: `No social account ${account} in this workspace.` });
    return [row];
  }
  // The credentials come along in the same round trip: every account read next needs its network's.
  const joined = await ctx.db
    .select({ account: socialAccounts, credential: appCredentials })
    .from(socialAccounts)
    .leftJoin(appCredentials, credentialsOfAccount)
    .where(and(eq(socialAccounts.workspaceId, ctx.workspace.id), eq(socialAccounts.mode, ctx.apiKey.mode), ne(socialAccounts.status, "disconnected")));
  rememberCredentials(
    ctx,
    joined.map(({ account, credential }) => ({ platform: account.platform, credential })),
  );
  // An agent's read spans the accounts its grant reaches; the others are not its to read.
  return withinGrant(
    ctx,
    joined.map(({ account }) => account),
  );
}

export const problemOf = (row: SocialAccountRow, code: string, message: string, retryable: boolean): ReadProblem => ({
  account: row.id,
  platform: row.platform,
  code,
  message,
  retryable,
});

type Outcome<T> = { ok: true; value: T } | { ok: false; problem: ReadProblem };

/**
 * One network call for one account within its own time budget: every failure (a timeout, the
 * network's refusal, a connection that needs reauthorising) becomes a problem, never a throw.
 */
export async function callWithinBudget<T>(
  ctx: DomainContext,
  row: SocialAccountRow,
  call: (tokens: TokenSet, net: NetworkContext) => Promise<T>,
  timeoutMs = ctx.services.networks.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS,
): Promise<Outcome<T>> {
  // Its own error, so a timeout is told apart from the network's own failures.
  const late = new ApiError("platform_unavailable", { message: `${row.platform} did not answer within ${timeoutMs} ms.` });
  try {
    // Past the budget the network request is aborted, not just no longer awaited.
    return {
      ok: true,
      value: await withinDeadline(
        timeoutMs,
        () => late,
        (signal) => withAccountSession(ctx, row, call, signal),
      ),
    };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, problem: problemOf(row, error.code, error.message, error.retryable) };
    ctx.services.logger.error("network call failed", { account: row.id, error: error instanceof Error ? error.message : String(error) });
    return { ok: false, problem: problemOf(row, "platform_unavailable", `${row.platform} could not be read.`, true) };
  }
}

/**
 * Every read that spans accounts (notifications, later conversations, comments, search): resolves
 * the accounts in scope, reads each network in parallel with its own timeout, merges newest first
 * and answers `{ items, cursor, problems }`. A network that cannot do the read, an account that
 * needs reauthorising, a timeout or a failure is a problem entry and the others still answer; the
 * signed cursor holds one position per account, so the next page continues each network where
 * this one stopped. A failed account keeps its position and is tried again on the next page.
 */
export async function spanningRead<T extends MergeItem>({ ctx, input }: { ctx: DomainContext; input: SpanningReadInput<T> }): Promise<SpanningPage<T>> {
  const scope = { list: input.list, workspaceId: ctx.workspace.id, mode: ctx.apiKey.mode, account: input.account ?? null };
  const secret = ctx.services.signingSecret;
  const resumed = input.cursor !== undefined ? await verifySpanningCursor(secret, scope, input.cursor) : null;
  const rows = input.accounts ?? (await accountsInScope(ctx, input.account));
  const timeoutMs = ctx.services.networks.readTimeoutMs ?? DEFAULT_READ_TIMEOUT_MS;
  const problems: ReadProblem[] = [];
  const states: Record<string, SourceState> = {};
  const reads: Promise<Outcome<FetchedSource<T>>>[] = [];
  for (const row of rows) {
    const platform = row.platform;
    const adapter = adapterFor(platform);
    const read = input.pick(adapter, row);
    if (!read) {
      problems.push(problemOf(row, "capability_unsupported", `${adapter.capabilities.name} has no ${input.feature} that Chorus can read.`, false));
      continue;
    }
    // Reported on every page, like a network without the feature: an empty page never hides it.
    if (row.status !== "active" || !row.tokensEncrypted) {
      problems.push(problemOf(row, "needs_reauth", `The ${platform} account ${row.handle} needs to be reconnected.`, false));
      continue;
    }
    // Accounts connected after the first page wait for a fresh read: starting them mid-list would break the order.
    const state = resumed ? resumed[row.id] : freshState;
    if (!state || state.done) continue;
    const refused = input.admit ? await input.admit(row, adapter) : null;
    if (refused) {
      problems.push(refused);
      continue;
    }
    states[row.id] = state;
    reads.push(
      callWithinBudget(ctx, row, (tokens, net) => fetchSource(row.id, state, input.limit, (cursor, size) => read(tokens, { cursor, limit: size, networkUserId: row.networkUserId }, net)), timeoutMs),
    );
  }
  const fetched: FetchedSource<T>[] = [];
  for (const outcome of await Promise.all(reads)) {
    if (outcome.ok) fetched.push(outcome.value);
    else {
      problems.push(outcome.problem);
      // A retryable failure keeps its position for the next page; a permanent one ends that account's part.
      if (!outcome.problem.retryable) states[outcome.problem.account] = { ...freshState, done: true };
    }
  }
  const merged = mergePages(fetched, input.limit);
  Object.assign(states, merged.states);
  const more = Object.values(states).some((s) => !s.done);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = merged.items.flatMap(({ key, item }) => {
    const account = byId.get(key);
    return account ? [{ account, item }] : [];
  });
  problems.sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
  return { items, cursor: more ? await signSpanningCursor(secret, scope, states) : null, problems };
}
