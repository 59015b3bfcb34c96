import type { NetworkContext, TokenSet } from "../call-context.js";
import type { NetworkActor, NetworkPage, NetworkPageRequest } from "./inbox.js";

export const searchModes = ["keyword", "tag"] as const;
export const searchSorts = ["top", "recent"] as const;
export const discoveredMediaTypes = ["text", "image", "video"] as const;
export type SearchMode = (typeof searchModes)[number];
export type SearchSort = (typeof searchSorts)[number];
export type DiscoveredMediaType = (typeof discoveredMediaTypes)[number];

/** GET /v1/discover/posts as one network receives it; the domain has already checked it. */
export interface PostSearchQuery {
  q: string;
  mode: SearchMode;
  sort: SearchSort;
  mediaType?: DiscoveredMediaType | undefined;
  /** A handle without `@`. */
  author?: string | undefined;
  /** ISO 8601 UTC. */
  since?: string | undefined;
  until?: string | undefined;
}

/** A public post found by search or on a public profile. */
export interface DiscoveredPost {
  /** The network's own post id (a record URI on Bluesky). */
  id: string;
  url: string | null;
  text: string | null;
  /** Null where the network hides who wrote it (the photo network's hashtag search). */
  author: NetworkActor | null;
  authorHidden: boolean;
  mediaType: DiscoveredMediaType;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** Null where the network does not publish the count; null is not zero. */
  likeCount: number | null;
  replyCount: number | null;
  repostCount: number | null;
}

/** Another account's public profile; counts are null where the network does not publish them. */
export interface NetworkPublicProfile {
  id: string;
  handle: string;
  displayName: string | null;
  bio: string | null;
  avatarUrl: string | null;
  url: string | null;
  website: string | null;
  verified: boolean | null;
  followersCount: number | null;
  followingCount: number | null;
  postsCount: number | null;
}

export interface NetworkCreator {
  id: string;
  handle: string;
  displayName: string | null;
  avatarUrl: string | null;
  bio: string | null;
  country: string | null;
  categories: string[];
  portfolioUrl: string | null;
  verified: boolean | null;
  hasBrandPartnershipExperience: boolean | null;
  followsBrand: boolean | null;
  /** The network marked it test data (the sandbox, or an app with standard access only). */
  sample: boolean;
}

export interface CreatorSearchQuery {
  q?: string | undefined;
  /** ISO 3166-1 alpha-2, upper case. */
  countries: string[];
  limit: number;
  /** The network's own cursor. */
  cursor: string | null;
}

export interface NetworkPlace {
  /** What `platformOptions.<network>.locationId` takes. */
  id: string;
  name: string;
  address: string | null;
  city: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface PlaceSearchQuery {
  q?: string | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
}

/**
 * Rules a network enforces on post search that Chorus checks before calling it, so a query the
 * network would answer with an empty list (or count against a quota) is a `problems` entry instead.
 */
export interface PostSearchRules {
  /** Only single hashtags are searchable (the photo network): a query of several words cannot match. */
  tagOnly?: boolean;
  /** Unique hashtags one account may search per rolling 7 days. */
  uniqueTagsPerWeek?: number;
  /** `sort=recent` covers only this many hours back. */
  recentWindowHours?: number;
}

/** The account's own ids the network calls need (X's numeric user id, the Instagram user id). */
export interface DiscoverCaller {
  networkUserId: string;
}

/**
 * The discover facet: reading what is public on a network. Each method is optional; a network
 * without one lacks that capability, and GET /v1/platforms and the routes read the same absence.
 */
export interface DiscoverFacet {
  searchPosts?(tokens: TokenSet, query: PostSearchQuery, page: NetworkPageRequest, net: NetworkContext): Promise<NetworkPage<DiscoveredPost>>;
  postSearchRules?: PostSearchRules;
  /** `handle_not_found` (an ApiError) when no account has it. */
  lookupProfile?(tokens: TokenSet, handle: string, caller: DiscoverCaller, net: NetworkContext): Promise<NetworkPublicProfile>;
  profilePosts?(tokens: TokenSet, handle: string, page: NetworkPageRequest, net: NetworkContext): Promise<NetworkPage<DiscoveredPost>>;
  /** Throws the ApiError for a handle the network refuses by its syntax alone, so lookup and posts refuse it alike. */
  requireHandle?(handle: string): void;
  /**
   * The network has a creator marketplace whose API edge is not published, so it cannot be
   * searched (`creator_marketplace_unavailable`, where other networks are `creator_search_unsupported`).
   */
  creatorMarketplace?: "unpublished";
  /** Why an unpublished marketplace cannot be searched and what to do instead, where the general refusal would be vague. */
  noCreatorSearch?: { message: string; fix: string };
  /** Why a network without `lookupProfile` looks up no one, where the general refusal would mislead. */
  noProfileLookup?: { message: string; fix: string };
  /** The door an account must have come through for creator search (the photo network: the page network's login). */
  creatorsNeedDoor?: string;
  searchCreators?(tokens: TokenSet, query: CreatorSearchQuery, caller: DiscoverCaller, net: NetworkContext): Promise<NetworkPage<NetworkCreator>>;
  searchPlaces?(tokens: TokenSet, query: PlaceSearchQuery, net: NetworkContext): Promise<NetworkPlace[]>;
  /** Why a network without `searchPlaces` has none, where the general refusal would mislead. */
  noPlaceSearch?: { message: string; fix: string };
}
