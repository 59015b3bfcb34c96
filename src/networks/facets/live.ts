import type { NetworkContext, TokenSet } from "../call-context.js";

/**
 * Chorus's broadcast states (API-DECISIONS "Live broadcasts"). Each network's own status is
 * mapped onto these by its adapter and passed through beside them as `networkStatus`.
 * - `scheduled`: announced for a start time, not live yet; `start` makes it live now.
 * - `ready`: prepared (Facebook `UNPUBLISHED`), visible to nobody; `start` makes it live.
 * - `live`: on air; `end` stops it.
 * - `ended`: over (stopped; or a scheduled broadcast cancelled or expired); a replay may follow.
 * - `processing`: over, the replay is being made.
 * - `replay_ready`: over, `replayUrl` plays the recording.
 * - `failed`: a network status Chorus does not recognise.
 */
export const broadcastStatuses = ["scheduled", "ready", "live", "ended", "processing", "replay_ready", "failed"] as const;
export type BroadcastStatus = (typeof broadcastStatuses)[number];

/** Where the person's encoder sends the stream. A secret: anyone holding it can broadcast as the page. */
export interface IngestCredentials {
  /** The RTMPS server URL (without the key). */
  url: string;
  streamKey: string;
}

/** A broadcast as the network reports it now. */
export interface NetworkBroadcast {
  /** The network's id of the broadcast (Facebook LiveVideo id, YouTube liveBroadcast id). */
  networkId: string;
  status: BroadcastStatus;
  /** The network's own status value, unmapped (`LIVE_STOPPED`, `VOD`, `testing`...). */
  networkStatus: string;
  title: string | null;
  description: string | null;
  /** ISO 8601 UTC, or null when the network gives none. */
  scheduledStartTime: string | null;
  startedAt: string | null;
  permalinkUrl: string | null;
  /** The recording, once the network made one (Facebook `VOD`). */
  replayUrl: string | null;
}

export interface BroadcastRef {
  networkId: string;
  /** The destination inside the account the broadcast belongs to (Facebook: the page id); null where the account is the destination. */
  pageId: string | null;
}

export interface CreateBroadcastInput {
  pageId: string | null;
  title: string;
  description: string | null;
  /** ISO 8601 UTC; null prepares a broadcast to start on demand. */
  scheduledStartTime: string | null;
}

/**
 * The live facet: broadcasts on an account or one of its pages. Optional methods as in the inbox
 * facet: a network without `createBroadcast` cannot go live through Chorus, and GET /v1/platforms
 * says so (networks/derived-capabilities.ts).
 */
export interface LiveFacet {
  /** Creates the broadcast on the network; the ingest credentials come back once, here. */
  createBroadcast?(tokens: TokenSet, input: CreateBroadcastInput, net: NetworkContext): Promise<NetworkBroadcast & { ingest: IngestCredentials }>;
  /** The network's authoritative status now. */
  readBroadcast?(tokens: TokenSet, ref: BroadcastRef, net: NetworkContext): Promise<NetworkBroadcast>;
  /**
   * Makes a `scheduled` or `ready` broadcast live; answers the state after the change. `current`
   * is the state just read: the caller has checked the transition against it.
   */
  startBroadcast?(tokens: TokenSet, ref: BroadcastRef, current: NetworkBroadcast, net: NetworkContext): Promise<NetworkBroadcast>;
  /** Ends a `live` broadcast (or cancels a `scheduled` one); answers the state after the change. */
  endBroadcast?(tokens: TokenSet, ref: BroadcastRef, current: NetworkBroadcast, net: NetworkContext): Promise<NetworkBroadcast>;
  /** Reads the ingest credentials again from the network, for the deliberate reveal route. */
  ingestCredentials?(tokens: TokenSet, ref: BroadcastRef, net: NetworkContext): Promise<IngestCredentials>;
}
