import type { liveBroadcasts } from "../../../db/schema/index.js";
import type { BroadcastStatus } from "../../../networks/facets/live.js";
import type { PlatformId } from "../../../types/platform-ids.js";

export type LiveBroadcastRow = typeof liveBroadcasts.$inferSelect;

/** API-DECISIONS "Live broadcasts", plus the network's id and unmapped status beside Chorus's. */
export interface LiveBroadcastView {
  id: string;
  account: string;
  platform: PlatformId;
  pageId: string | null;
  networkId: string;
  title: string | null;
  description: string | null;
  status: BroadcastStatus;
  networkStatus: string;
  scheduledStartTime: string | null;
  startedAt: string | null;
  endedAt: string | null;
  permalinkUrl: string | null;
  replayUrl: string | null;
  statusCheckedAt: string;
  createdAt: string;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toBroadcastView(row: LiveBroadcastRow): LiveBroadcastView {
  return {
    id: row.id,
    account: row.accountId,
    platform: row.platform,
    pageId: row.pageId,
    networkId: row.networkId,
    title: row.title,
    description: row.description,
    status: row.status as BroadcastStatus,
    networkStatus: row.networkStatus,
    scheduledStartTime: iso(row.scheduledStartTime),
    startedAt: iso(row.startedAt),
    endedAt: iso(row.endedAt),
    permalinkUrl: row.permalinkUrl,
    replayUrl: row.replayUrl,
    statusCheckedAt: row.statusCheckedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
