import type { NetworkCapabilities } from "./capabilities-schema.js";
import type { FirstCommentCheck, FirstCommentCheckResult, FirstCommentInput, FirstCommentResult } from "./first-comment-types.js";
import type { AnalyticsFacet } from "./facets/analytics.js";
import type { AccountReadsFacet } from "./facets/account-reads.js";
import type { EngageFacet } from "./facets/engage.js";
import type { DiscoverFacet } from "./facets/discover.js";
import type { InboxFacet } from "./facets/inbox.js";
import type { LiveFacet } from "./facets/live.js";
import type { EditFacet } from "./facets/edit.js";
import type { ReviewsFacet } from "./facets/reviews.js";
import type { PlatformId } from "../types/platform-ids.js";
import type { PublishRequest, PublishResult } from "./publish-types.js";
import type { NetworkRules } from "./rules-schema.js";
import type { NetworkConfig, NetworkContext, TokenSet } from "./call-context.js";

export type { NetworkConfig, NetworkContext, TokenSet };

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
  /** Instagram: `facebook_login` or `instagram_login`; LinkedIn: `member` or `organization`. */
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
  readonly capabilities: NetworkCapabilities;
  /** What Chorus enforces and schedules for the network beyond its capability record (its `rules.ts`). */
  readonly rules: NetworkRules;

  /** Hosts this adapter talks to; the sandbox serves exactly these for test keys. */
  readonly hosts: readonly string[];

  /**
   * The connect variants an app with these products can open (LinkedIn's variants are named after
   * the product each needs); absent on networks whose doors do not depend on the app.
   */
  connectVariants?(products: readonly string[] | undefined): readonly string[];
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
  /** `objects`: the network objects whose webhooks now name this account (Facebook: the pages), when they are not the account itself. */
  subscribeWebhook?(tokens: TokenSet, fields: string[], net: NetworkContext): Promise<{ subscribed: boolean; fields: string[]; objects?: string[] }>;
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
  /**
   * Comments under the account's own published post (the post's `firstComment`). Throws an
   * ApiError for refusals; `platform_unavailable` means the comment may or may not exist.
   */
  commentOnPost?(tokens: TokenSet, input: FirstCommentInput, net: NetworkContext): Promise<FirstCommentResult>;
  /**
   * True where `commentOnPost` with files only prepares the comment and never publishes it (a
   * Threads reply container: seen by no one until `checkComment` publishes it, and expiring
   * unpublished). A send a crash cut short before its handle was stored then cannot have posted
   * anything, so it is sent again (a fresh container) rather than called unknown.
   */
  readonly commentWithMediaOnlyPrepares?: true;
  /**
   * Looks again at a comment `commentOnPost` left `processing`: publishes it once its files are
   * ready, or finds it when a publish went out but its answer was lost. Throws a retryable
   * ApiError to be asked again later.
   */
  checkComment?(tokens: TokenSet, input: FirstCommentCheck, net: NetworkContext): Promise<FirstCommentCheckResult>;
  /** Deletes a published post (retract). */
  deletePost?(tokens: TokenSet, networkPostId: string, net: NetworkContext): Promise<void>;

  /* Feature facets (DESIGN.md "Growing the adapter contract"): a facet the network lacks is absent. */
  /** Notifications now; comments, reviews and conversations as they are built. */
  readonly inbox?: InboxFacet;
  /** Post and account insights, mapped from the network's own metric names. */
  readonly analytics?: AnalyticsFacet;
  /** Like, repost, follow, block, mute, bookmark, save, and their undo. */
  readonly engage?: EngageFacet;
  /** The account's own posts, followers and following, read live. */
  readonly accountReads?: AccountReadsFacet;
  /** Live video broadcasts (Facebook pages, YouTube channels). */
  readonly live?: LiveFacet;
  /** Post search, public profiles, creators and places. */
  readonly discover?: DiscoverFacet;
  /** Reviews of the locations or pages the account manages, and the account's answers to them. */
  readonly reviews?: ReviewsFacet;
  /** Changing a post after it went live: which fields, and the call that changes them. */
  readonly edit?: EditFacet;
}
