import type { NetworkContext, TokenSet } from "./call-context.js";

/*
 * The parts of a network's rules (rules-schema.ts) that the background work reads: whether a
 * connection renews by itself, how often its inbox is polled, and what its app may spend.
 */

/**
 * The part of a stored token set a renewal rule may read (a `TokenSet` has it); named here rather
 * than imported so that types.ts, which holds the adapter's `rules`, is not imported back.
 */
export interface RenewalTokens {
  refreshToken: string | null;
  refreshExpiresAt: string | null;
}

/** The facts of a connection its renewal rule reads. */
export interface ConnectionFacts {
  connectVariant: string | null;
  tokenExpiresAt: Date | null;
}

/**
 * Whether Chorus can keep a connection's access token alive by itself (network sheets in
 * shared/networks).
 */
export interface TokenRenewal {
  /**
   * `renews`: refreshed with a refresh token or with the token itself; `expires`: ends at
   * `tokenExpiresAt` and the person must connect again; a function: decides per connection (true
   * when this one expires for good), reading the stored token set only if it needs to.
   */
  expiry: "renews" | "expires" | ((connection: ConnectionFacts, tokens: () => Promise<RenewalTokens>) => Promise<boolean>);
  /**
   * Renewed ahead of expiry by the background sweep, because what renews it lapses unless used;
   * connections of the listed variants are not (they cannot be renewed at all). Absent: renewal
   * on use is enough.
   */
  renewAhead?: { exceptVariants?: readonly string[] };
}

export interface PollingRules {
  /** How often one account is polled, from the network's own limits. */
  intervalMs: number;
  /**
   * The ceiling a quiet account backs off to: each poll that finds nothing new doubles its interval
   * up to this; fresh activity brings it back to `intervalMs` (src/domain/inbox/polling/poll-schedule.ts).
   */
  maxIntervalMs?: number;
  /**
   * How often an account with fresh activity (src/domain/inbox/polling/poll-schedule.ts) is polled;
   * absent, half of `intervalMs`. An event waits for the next poll, then for its shard and the webhook
   * delivery: polling an active account at half its interval keeps that whole wait within
   * `intervalMs` at p95 (docs/scale.md), while its quiet accounts back off.
   */
  activeIntervalMs?: number;
  /** Feeds read less often than the account, by feed name (`messages`), where their limits want it. */
  feedIntervalMs?: Readonly<Record<string, number>>;
}

/**
 * A network's own limit on what one app may spend in a window, shared by every account that
 * reaches the network through that app. Background calls (inbox polls) reserve their units
 * before the call and may use only `backgroundShare` of it, so calls made for a person's request
 * keep the rest; those are counted but never refused.
 */
export interface BudgetRules {
  /** What one unit is, as `quota.low` names it ("quota units", "billed post reads", "requests"). */
  unit: string;
  /** Units per window; the operator overrides it with `CHORUS_<NETWORK>_BUDGET` (a raised quota). */
  cap: number;
  /** The window: a calendar day in a time zone (reset at its midnight), or fixed windows of some seconds. */
  window: { day: string } | { seconds: number };
  /** Units one page of a background read reserves before the call. */
  pageUnits: number;
  /** Units one request made for a person costs: reads and writes (YouTube prices writes 50 times higher). */
  requestUnits: { read: number; write: number };
  /** The network bills each item a read returns (X): a background page is charged its items after the call. */
  billsItems?: boolean;
  /** What besides the app the network counts per (Bluesky: the PDS host, which counts per client IP). */
  scope?: (tokens: TokenSet, net: NetworkContext) => string;
}
