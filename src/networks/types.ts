import type { PlatformCapabilities } from "./capabilities-schema.js";
import type { PlatformId } from "./platform-ids.js";
import type { PublishRequest, PublishResult } from "./publish-types.js";

/**
 * What an adapter is given for one call. Adapters never read env, the database or Hono: the
 * caller hands them a `fetch` (the real network for live keys, the in-process sandbox for test
 * keys), a clock and the app credentials to use.
 */
export interface NetworkContext {
  fetch: typeof fetch;
  now: () => Date;
  config: NetworkConfig;
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

export interface NetworkIdentity {
  networkUserId: string;
  handle: string;
  displayName: string | null;
  avatarUrl: string | null;
}

export interface PublishDestination {
  id: string;
  name: string;
  kind: "page" | "board" | "location" | "organization" | "channel";
  /** Extra facts the person needs to choose (board privacy, location address). */
  details: Record<string, string | number | boolean | null>;
}

export interface Allowance {
  used: number;
  limit: number;
  remaining: number;
  windowHours: number;
  /** `network` when read live from the network, `documented` when only the documented window is known. */
  source: "network" | "documented";
}

export interface AuthorizeInput {
  state: string;
  /** S256 challenge; adapters of networks without PKCE ignore it. */
  codeChallenge: string;
  /** Instagram: `facebook_login` or `instagram_login`. */
  variant: string | null;
}

export interface ExchangeInput {
  code: string;
  codeVerifier: string;
  variant: string | null;
}

export interface PasswordLoginInput {
  identifier: string;
  password: string;
}

export interface ProfileUpdate {
  displayName?: string;
  bio?: string;
  avatarUrl?: string;
  bannerUrl?: string;
}

export interface AdAccount {
  id: string;
  name: string;
  currency: string | null;
  status: string | null;
}

export interface BrandedPartner {
  id: string;
  handle: string;
  canPromote: boolean;
}

export interface ChannelEvent {
  id: string;
  name: string;
  startTime: string | null;
  endTime: string | null;
  url: string | null;
}

/**
 * One network. Optional methods are optional capabilities: a route asks `adapter.targets` and
 * answers with a clear error when the network has no such thing.
 */
export interface NetworkAdapter {
  readonly platform: PlatformId;
  readonly capabilities: PlatformCapabilities;

  /** Hosts this adapter talks to; the sandbox serves exactly these for test keys. */
  readonly hosts: readonly string[];

  authorizeUrl?(input: AuthorizeInput, net: NetworkContext): string;
  exchangeCode?(input: ExchangeInput, net: NetworkContext): Promise<TokenSet>;
  loginWithPassword?(input: PasswordLoginInput, net: NetworkContext): Promise<TokenSet>;
  /** Returns the new token set; networks that rotate refresh tokens return the new one. */
  refresh(tokens: TokenSet, net: NetworkContext): Promise<TokenSet>;
  identity(tokens: TokenSet, net: NetworkContext): Promise<NetworkIdentity>;
  revoke?(tokens: TokenSet, net: NetworkContext): Promise<void>;

  targets?(tokens: TokenSet, net: NetworkContext): Promise<PublishDestination[]>;
  publishInfo?(tokens: TokenSet, net: NetworkContext): Promise<Record<string, unknown>>;
  allowance?(tokens: TokenSet, net: NetworkContext): Promise<Allowance>;
  updateProfile?(tokens: TokenSet, update: ProfileUpdate, net: NetworkContext): Promise<void>;
  subscribeWebhook?(tokens: TokenSet, fields: string[], net: NetworkContext): Promise<{ subscribed: boolean; fields: string[] }>;
  adAccounts?(tokens: TokenSet, net: NetworkContext): Promise<AdAccount[]>;
  brandedPartners?(tokens: TokenSet, net: NetworkContext): Promise<BrandedPartner[]>;
  events?(tokens: TokenSet, net: NetworkContext): Promise<ChannelEvent[]>;

  /**
   * Publishes one target through the network's real flow. Throws an ApiError for refusals
   * (classified by the network's error table); a transport failure or timeout throws
   * `platform_unavailable`, after which the caller treats the outcome as unknown and asks
   * `findPublished` before any retry.
   */
  publish?(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<PublishResult>;
  /** Polls an asynchronous publish (`processing`) until it is published or failed. */
  checkPublish?(tokens: TokenSet, pollToken: string, net: NetworkContext): Promise<PublishResult>;
  /**
   * After a timeout: did the post go out anyway? Looks for it at the network (recent posts with
   * the same text, or the container/upload the attempt created) and returns it, or null.
   */
  findPublished?(tokens: TokenSet, request: PublishRequest, net: NetworkContext): Promise<{ networkPostId: string; url: string | null } | null>;
  /** Deletes a published post (retract). */
  deletePost?(tokens: TokenSet, networkPostId: string, net: NetworkContext): Promise<void>;
}
