import { and, eq } from "drizzle-orm";
import { liveBroadcasts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { newId } from "../../../infra/ids.js";
import { parseIsoTimestamp, wallAsUtc } from "../../../infra/iso-timestamp.js";
import type { IngestCredentials, NetworkBroadcast } from "../../../networks/facets/live.js";
import type { DomainContext } from "../../core/index.js";
import { decodeCursor, pageOf } from "../../core/index.js";
import { afterPosition, newestFirst } from "../../core/index.js";
import { withAccountSession } from "../../accounts/index.js";
import { assertTransition } from "./broadcast-transitions.js";
import { type LiveBroadcastRow, type LiveBroadcastView, toBroadcastView } from "./broadcast-view.js";
import { type LiveAccount, requireBroadcast, requireLiveAccount } from "./live-account.js";

/**
 * Live broadcasts of one account: the network is the authority on status, so every read and
 * every operation asks it first; the table keeps the Chorus id, scoping and the last answer.
 * Going live costs no credits (API-DECISIONS: credits are per published post target).
 */

const over = new Set(["ended", "processing", "replay_ready", "failed"]);
const asDate = (iso: string | null) => (iso ? new Date(iso) : null);

/** The network's answer, stored; `endedAt` is when Chorus first saw the broadcast over. */
async function saveObserved(ctx: DomainContext, row: LiveBroadcastRow, seen: NetworkBroadcast): Promise<LiveBroadcastView> {
  const now = ctx.clock.now();
  const [updated] = await ctx.db
    .update(liveBroadcasts)
    .set({
      title: seen.title ?? row.title,
      description: seen.description ?? row.description,
      status: seen.status,
      networkStatus: seen.networkStatus,
      scheduledStartTime: asDate(seen.scheduledStartTime) ?? row.scheduledStartTime,
      startedAt: asDate(seen.startedAt) ?? row.startedAt ?? (seen.status === "live" ? now : null),
      endedAt: row.endedAt ?? (over.has(seen.status) ? now : null),
      permalinkUrl: seen.permalinkUrl ?? row.permalinkUrl,
      replayUrl: seen.replayUrl,
      statusCheckedAt: now,
    })
    .where(and(eq(liveBroadcasts.id, row.id), eq(liveBroadcasts.workspaceId, ctx.workspace.id)))
    .returning();
  return toBroadcastView(updated ?? row);
}

/** A future instant with an explicit offset; the network takes no wall-clock time. */
function startTime(ctx: DomainContext, text: string | undefined): string | null {
  if (text === undefined) return null;
  const parsed = parseIsoTimestamp(text);
  if (!parsed.ok || parsed.offsetMinutes === null) {
    throw new ApiError("timestamp_invalid", { param: "scheduledStartTime", message: `scheduledStartTime ${parsed.ok ? "has no Z or offset" : parsed.problem}.` });
  }
  const at = wallAsUtc(parsed.wall) - parsed.offsetMinutes * 60_000;
  if (at <= ctx.clock.now().getTime())
    throw new ApiError("schedule_in_past", {
      param: "scheduledStartTime",
      message: "scheduledStartTime is not in the future.",
      fix: "Send a future time, or omit scheduledStartTime to prepare a broadcast you start yourself.",
    });
  return new Date(at).toISOString();
}

export interface CreateBroadcastBody {
  pageId?: string | undefined;
  title: string;
  description?: string | undefined;
  scheduledStartTime?: string | undefined;
}

/** POST .../live-broadcasts: the broadcast on the network, then its row; `ingest` only in this answer. */
export async function createBroadcast({ ctx, input }: { ctx: DomainContext; input: CreateBroadcastBody & { id: string } }): Promise<LiveBroadcastView & { ingest: IngestCredentials }> {
  const account = await requireLiveAccount(ctx, input.id);
  const scheduledStartTime = startTime(ctx, input.scheduledStartTime);
  const created = await withAccountSession(ctx, account.row, (tokens, net) =>
    account.live.createBroadcast(tokens, { pageId: input.pageId ?? null, title: input.title, description: input.description ?? null, scheduledStartTime }, net),
  );
  if (ctx.effects) ctx.effects.committed = true;
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(liveBroadcasts)
    .values({
      id: newId("live"),
      workspaceId: ctx.workspace.id,
      accountId: account.row.id,
      platform: account.platform,
      networkId: created.networkId,
      pageId: input.pageId ?? null,
      title: created.title ?? input.title,
      description: created.description ?? input.description ?? null,
      status: created.status,
      networkStatus: created.networkStatus,
      scheduledStartTime: asDate(created.scheduledStartTime ?? scheduledStartTime),
      startedAt: asDate(created.startedAt),
      permalinkUrl: created.permalinkUrl,
      replayUrl: created.replayUrl,
      statusCheckedAt: now,
      createdAt: now,
    })
    .returning();
  if (!row) throw new ApiError("internal_error");
  return { ...toBroadcastView(row), ingest: created.ingest };
}

/** GET .../live-broadcasts: this account's broadcasts made through Chorus, newest first, with their last known status. */
export async function listBroadcasts({ ctx, input }: { ctx: DomainContext; input: { id: string; limit: number; cursor?: string | undefined } }) {
  const account = await requireLiveAccount(ctx, input.id);
  const list = `live-broadcasts:${account.row.id}`;
  const position = input.cursor ? await decodeCursor(list, input.cursor) : null;
  const rows = await ctx.db
    .select()
    .from(liveBroadcasts)
    .where(and(eq(liveBroadcasts.workspaceId, ctx.workspace.id), eq(liveBroadcasts.accountId, account.row.id), afterPosition(liveBroadcasts.createdAt, liveBroadcasts.id, position)))
    .orderBy(...newestFirst(liveBroadcasts.createdAt, liveBroadcasts.id))
    .limit(input.limit + 1);
  const page = await pageOf(list, rows, input.limit);
  return { items: page.items.map(toBroadcastView), cursor: page.cursor };
}

async function current(ctx: DomainContext, account: LiveAccount, row: LiveBroadcastRow): Promise<NetworkBroadcast> {
  return withAccountSession(ctx, account.row, (tokens, net) => account.live.readBroadcast(tokens, { networkId: row.networkId, pageId: row.pageId }, net));
}

/** GET .../live-broadcasts/{liveId}: the network's status now, stored as the last known one. */
export async function readBroadcast({ ctx, input }: { ctx: DomainContext; input: { id: string; liveId: string } }): Promise<LiveBroadcastView> {
  const account = await requireLiveAccount(ctx, input.id);
  const row = await requireBroadcast(ctx, account.row.id, input.liveId);
  return saveObserved(ctx, row, await current(ctx, account, row));
}

/** start and end: checked against the status the network reports now, never a stale copy. */
async function transition(ctx: DomainContext, input: { id: string; liveId: string }, operation: "start" | "end"): Promise<LiveBroadcastView> {
  const account = await requireLiveAccount(ctx, input.id);
  const row = await requireBroadcast(ctx, account.row.id, input.liveId);
  const now = await current(ctx, account, row);
  try {
    assertTransition(operation, now.status, now.networkStatus, account.platform);
  } catch (refusal) {
    // Keep what the network just said, so the list shows the status the refusal names.
    await saveObserved(ctx, row, now);
    throw refusal;
  }
  const ref = { networkId: row.networkId, pageId: row.pageId };
  const after = await withAccountSession(ctx, account.row, (tokens, net) =>
    operation === "start" ? account.live.startBroadcast(tokens, ref, now, net) : account.live.endBroadcast(tokens, ref, now, net),
  );
  if (ctx.effects) ctx.effects.committed = true;
  return saveObserved(ctx, row, after);
}

export const startBroadcast = ({ ctx, input }: { ctx: DomainContext; input: { id: string; liveId: string } }) => transition(ctx, input, "start");
export const endBroadcast = ({ ctx, input }: { ctx: DomainContext; input: { id: string; liveId: string } }) => transition(ctx, input, "end");
