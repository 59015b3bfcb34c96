import type { GuardedFetch } from "../infra/outbound/guarded-fetch.js";

/**
 * What an adapter is given for one call. Adapters never read env, the database or Hono: the
 * caller hands them a `fetch` (the real network for live keys, the in-process sandbox for test
 * keys), a clock and the app credentials to use.
 */
export interface NetworkContext {
  fetch: typeof fetch;
  now: () => Date;
  config: NetworkConfig;
  /**
   * Fetches a URL the user typed (a profile image), in both modes, through the outbound guard
   * (infra/outbound): never `fetch`, which for a live key reaches anything. Without it, such
   * URLs are refused.
   */
  fetchUserUrl?: GuardedFetch;
  /**
   * Aborted when the caller stops waiting (a spanning read past its timeout). `fetch` is already
   * bound to it (abortable-fetch.ts); an adapter that waits on anything else should stop with it.
   */
  signal?: AbortSignal;
}

export interface NetworkConfig {
  clientId: string;
  clientSecret: string;
  /** Where the network sends the person back after consent (our OAuth callback). */
  redirectUri: string;
  /** Versioned APIs (Graph API `v24.0`, `LinkedIn-Version` `202611`); the adapter has a default. */
  apiVersion?: string;
  /** Bluesky: the PDS or entryway to log in at. Tests point it at a local PDS. */
  serviceUrl?: string;
  /**
   * The network products the app has (LinkedIn: `member`, `organization`), which decide the
   * scopes it may ask for; absent means the adapter's default.
   */
  products?: readonly string[];
}

/** Tokens and connection facts the adapter needs for later calls; stored encrypted. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** ISO timestamp; null when the network issues tokens that do not expire. */
  expiresAt: string | null;
  refreshExpiresAt: string | null;
  scopes: string[];
  /** Network-specific facts (Bluesky DID and PDS URL, Instagram door and user id, page tokens). */
  extra: Record<string, string | number | boolean | null>;
}
