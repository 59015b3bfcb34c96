import * as v from "valibot";
import { analyticsPeriods } from "../../../domain/insights/index.js";
import { normalisedMetrics } from "../../../networks/facets/analytics.js";
import { platformIds } from "../../../networks/registry.js";
import { named } from "../../openapi-helpers.js";
import { ReadProblemSchema } from "../notifications/schema.js";

/** A query value out of a closed list: a value outside it is 400 `field_invalid` naming the parameter and the values. */
const oneOf = <T extends string>(values: readonly T[]) =>
  v.pipe(
    v.string(),
    v.check((text) => (values as readonly string[]).includes(text), `must be one of ${values.map((x) => `\`${x}\``).join(", ")}`),
    v.transform((text) => text as T),
  );

const refreshQuery = v.pipe(
  v.optional(oneOf(["true", "false"]), "false"),
  v.transform((text) => text === "true"),
  v.description(
    "`true` reads the networks again instead of answering from the cache (results younger than 1 hour answer without any network call). A cached result younger than the network's `analytics.minRefreshSeconds` in GET /v1/platforms is still answered from the cache, so no client can spend a network's quota faster than that.",
  ),
);

export const PostAnalyticsParams = v.object({ id: v.pipe(v.string(), v.maxLength(64)) });
export const PostAnalyticsQuery = v.strictObject({ refresh: refreshQuery });

export const AnalyticsQuery = v.strictObject({
  period: v.pipe(v.optional(oneOf(analyticsPeriods), "30d"), v.description("Whole UTC days ending today: `7d`, `30d` (default) or `90d`.")),
  account: v.pipe(v.optional(v.pipe(v.string(), v.regex(/^acc_[A-Za-z0-9_-]{1,60}$/, "must be an `acc_` id"))), v.description("One connected account (`acc_…`); omit for every account.")),
  platform: v.pipe(v.optional(oneOf(platformIds)), v.description(`Only accounts on this network: ${platformIds.map((p) => `\`${p}\``).join(", ")}.`)),
  refresh: refreshQuery,
});

const metricsExample = { views: 1840, reach: 1210, likes: 96, comments: 12, shares: 7, saves: 15, clicks: 33, videoViews: null, watchTimeSeconds: null };

export const MetricsSchema = named(
  "Metrics",
  v.object(Object.fromEntries(normalisedMetrics.map((name) => [name, v.nullable(v.number())])) as Record<(typeof normalisedMetrics)[number], v.NullableSchema<v.NumberSchema<undefined>, undefined>>),
  metricsExample,
);

const networkMetrics = v.pipe(
  v.record(v.string(), v.number()),
  v.description("The network's own metric names and values as read (`post_media_view`, `IMPRESSION`, `like_count`, ...), beside the normalised ones."),
);

const TargetProblemSchema = v.object({
  code: v.pipe(
    v.string(),
    v.description(
      "`target_not_published`, `capability_unsupported` (no post insights on the network, e.g. Google Business Profile), `missing_scope` (the connection lacks a permission the read needs, e.g. LinkedIn's `r_member_postAnalytics`), `needs_reauth`, `platform_unavailable`, `rate_limited`, or the network's own refusal code.",
    ),
  ),
  message: v.string(),
  retryable: v.boolean(),
});

export const TargetAnalyticsSchema = named(
  "TargetAnalytics",
  v.object({
    account: v.string(),
    platform: v.picklist(platformIds),
    networkPostId: v.nullable(v.string()),
    url: v.nullable(v.string()),
    state: v.pipe(v.string(), v.description("The target's state; only `published` targets have numbers.")),
    metrics: v.pipe(v.nullable(MetricsSchema), v.description("Null when `problem` says why there are no numbers; a metric the network does not publish is null, never 0.")),
    networkMetrics: v.nullable(networkMetrics),
    fetchedAt: v.pipe(v.nullable(v.string()), v.description("When the numbers were read from the network (ISO 8601 UTC).")),
    cached: v.pipe(v.boolean(), v.description("The numbers came from the cache, not from a read made for this request.")),
    problem: v.pipe(v.nullable(TargetProblemSchema), v.description("Why this target has no numbers, or null.")),
  }),
  {
    account: "acc_7Hq2xWm9Lr4Tb8Zc",
    platform: "instagram",
    networkPostId: "17895695668004550",
    url: "https://www.instagram.com/p/C9xYz/",
    state: "published",
    metrics: metricsExample,
    networkMetrics: { views: 1840, reach: 1210, likes: 96, comments: 12, shares: 7, saved: 15 },
    fetchedAt: "2026-11-21T12:00:00.000Z",
    cached: false,
    problem: null,
  },
);

export const PostAnalyticsSchema = named(
  "PostAnalytics",
  v.object({
    postId: v.string(),
    targets: v.pipe(v.array(TargetAnalyticsSchema), v.description("One entry per target (account) of the post, published or not, in the order of GET /v1/posts/{id}.")),
  }),
);

const DailySchema = v.object({ date: v.pipe(v.string(), v.description("YYYY-MM-DD (UTC).")), metrics: MetricsSchema });

export const AccountAnalyticsSchema = named(
  "AccountAnalytics",
  v.object({
    account: v.string(),
    platform: v.picklist(platformIds),
    handle: v.string(),
    source: v.pipe(
      v.picklist(["account", "posts"]),
      v.description("`account`: the network's account-level insights; `posts`: the counters of the posts published through Chorus in the period, added up (networks without account insights)."),
    ),
    metrics: MetricsSchema,
    networkMetrics,
    followers: v.pipe(v.nullable(v.number()), v.description("Followers (subscribers) now; null where the network shows none.")),
    followersChange: v.pipe(v.nullable(v.number()), v.description("Net change over the period where the network gives it; null otherwise.")),
    daily: v.pipe(v.nullable(v.array(DailySchema)), v.description("One entry per day where the network gives a daily series; null otherwise.")),
    fetchedAt: v.string(),
    cached: v.boolean(),
  }),
);

export const NetworkTotalsSchema = named(
  "NetworkAnalytics",
  v.object({
    platform: v.picklist(platformIds),
    accounts: v.pipe(v.number(), v.description("How many accounts the totals add up.")),
    metrics: MetricsSchema,
    followers: v.nullable(v.number()),
    followersChange: v.nullable(v.number()),
  }),
);

export const AnalyticsReportSchema = named(
  "AnalyticsReport",
  v.object({
    period: v.picklist(analyticsPeriods),
    since: v.pipe(v.string(), v.description("First day of the period (YYYY-MM-DD, UTC).")),
    until: v.pipe(v.string(), v.description("Last day of the period, today (YYYY-MM-DD, UTC).")),
    networks: v.pipe(v.array(NetworkTotalsSchema), v.description("Totals per network over the accounts that could be read.")),
    accounts: v.array(AccountAnalyticsSchema),
    problems: v.pipe(v.array(ReadProblemSchema), v.description("Every account that could not be read, and why.")),
  }),
);
