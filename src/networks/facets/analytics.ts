import type { NetworkContext, TokenSet } from "../call-context.js";

/** The spec's normalised post metrics (API-DECISIONS "Analytics"); `followers` is account-level only. */
export const normalisedMetrics = ["views", "reach", "likes", "comments", "shares", "saves", "clicks", "videoViews", "watchTimeSeconds"] as const;
export type NormalisedMetric = (typeof normalisedMetrics)[number];

/** One value per normalised metric: `null` where the network publishes no such number, never 0. */
export type MetricValues = Record<NormalisedMetric, number | null>;

export const noMetrics = (): MetricValues => ({
  views: null,
  reach: null,
  likes: null,
  comments: null,
  shares: null,
  saves: null,
  clicks: null,
  videoViews: null,
  watchTimeSeconds: null,
});

/** What a network reported, normalised, with its own names and values beside the normalised ones. */
export interface NetworkMetrics {
  metrics: MetricValues;
  /** The network's own metric names and values as read (`post_media_view`, `IMPRESSION`, `like_count`). */
  networkMetrics: Record<string, number>;
}

export interface PostAnalyticsRequest {
  networkPostId: string;
  /** The account's own user id on the network, stored at connect. */
  networkUserId: string;
  /** The page, board, location or organization the post went to, where the network has them. */
  destination: string | null;
  publishedAt: string;
}

export interface DailyMetrics {
  /** YYYY-MM-DD (UTC). */
  date: string;
  metrics: MetricValues;
}

export interface AccountAnalyticsRequest {
  networkUserId: string;
  /** First and last day of the period, inclusive, YYYY-MM-DD (UTC). */
  since: string;
  until: string;
  /**
   * The account's posts published through Chorus in the period, for facets with
   * `accountReadsPosts` (Bluesky, X, TikTok total these posts' counters); empty for the others.
   */
  posts: { networkPostId: string; destination: string | null; publishedAt: string }[];
  /** Destinations those posts went to (pages, boards, locations); empty when `posts` is. */
  destinations: string[];
}

export interface NetworkAccountAnalytics extends NetworkMetrics {
  /** Followers (subscribers) now, or null when the network shows none. */
  followers: number | null;
  /** Net change of followers over the period, where the network gives it. */
  followersChange: number | null;
  /** One entry per day where the network gives a daily series; null otherwise. */
  daily: DailyMetrics[] | null;
  /** `account`: the network's account-level insights; `posts`: totals of the period's posts' counters. */
  source: "account" | "posts";
}

/**
 * The analytics facet. `metricNames` is data (published in GET /v1/platforms): the network's own
 * current name behind each normalised metric, null where it publishes none. The reads are
 * optional: a network without one lacks that capability (networks/derived-capabilities.ts).
 */
export interface AnalyticsFacet {
  metricNames: Record<NormalisedMetric | "followers", string | null>;
  /**
   * Youngest cached result `refresh=true` may replace, in seconds: reads stay within the
   * network's quota (X's 15-minute windows, YouTube's daily units) however often a client asks.
   */
  minRefreshSeconds: number;
  /**
   * The account read totals the period's posts (`AccountAnalyticsRequest.posts`) because the
   * network has no account-level insights. Only such accounts wait for Chorus's posts query;
   * the others are asked at once and get no posts.
   */
  accountReadsPosts?: true;
  postAnalytics?(tokens: TokenSet, request: PostAnalyticsRequest, net: NetworkContext): Promise<NetworkMetrics>;
  accountAnalytics?(tokens: TokenSet, request: AccountAnalyticsRequest, net: NetworkContext): Promise<NetworkAccountAnalytics>;
}

/** The sum of the values that are numbers; null when none is. */
export function sumOrNull(values: (number | null | undefined)[]): number | null {
  const numbers = values.filter((value): value is number => typeof value === "number");
  return numbers.length === 0 ? null : numbers.reduce((a, b) => a + b, 0);
}

/** Adds metric records key by key, keeping null where no record has a number. */
export function addMetrics(records: MetricValues[]): MetricValues {
  const total = noMetrics();
  for (const name of normalisedMetrics) total[name] = sumOrNull(records.map((r) => r[name]));
  return total;
}

/** Adds network-named counters. */
export function addNetworkMetrics(records: Record<string, number>[]): Record<string, number> {
  const total: Record<string, number> = {};
  for (const record of records) for (const [name, value] of Object.entries(record)) total[name] = (total[name] ?? 0) + value;
  return total;
}
