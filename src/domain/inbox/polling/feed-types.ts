import type { NetworkPage, NetworkPageRequest } from "../../../networks/facets/inbox.js";
import type { NetworkAdapter, NetworkContext, TokenSet } from "../../../networks/types.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { EventType } from "../../events/index.js";
import type { InboundItem } from "../inbound/inbound-item.js";

/** The account a feed is read for. */
export interface PolledAccount {
  platform: PlatformId;
  networkUserId: string;
}

/**
 * One item of a polled feed: its network id and time move the high-water mark, whether or not it
 * is news (a like is not an event, but it is still the newest item seen); `inbound` is the item
 * as a comment, mention or message, or null when it is none of them.
 */
export interface PolledItem {
  id: string;
  createdAt: string;
  inbound: InboundItem | null;
}

/** A page request of a poll: `since` is the mark's time (null for the baseline), for feeds that read per conversation. */
export type FeedRead = (tokens: TokenSet, page: NetworkPageRequest & { since?: Date | null }, net: NetworkContext) => Promise<NetworkPage<PolledItem>>;

/**
 * A facet method the poller reads, and the events its items become. A network is polled for a
 * feed only when its adapter has the method: the facet's optional methods are the extension point.
 */
export interface PolledFeed {
  /** Names the feed's poll cursor. */
  name: string;
  events: readonly EventType[];
  /** Items per page the feed asks for (within the facet's bounds). */
  pageSize: number;
  reader(adapter: NetworkAdapter, account: PolledAccount): FeedRead | undefined;
}
