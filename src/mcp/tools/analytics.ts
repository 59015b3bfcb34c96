import * as v from "valibot";
import { getAnalytics } from "../../domain/insights/index.js";
import { getPostAnalytics } from "../../domain/insights/index.js";
import { AnalyticsQuery, AnalyticsReportSchema, PostAnalyticsSchema } from "../../routes/v1/analytics/schema.js";
import { defineTool, readOnly } from "../tool.js";
import { idArgument } from "./list-arguments.js";

/** The REST query takes `refresh` as text; a tool argument is JSON, so it is a boolean here with the same meaning. */
const refresh = v.pipe(
  v.optional(v.boolean(), false),
  v.description("`true` reads the networks again instead of answering from the cache; results younger than the network's `analytics.minRefreshSeconds` still come from the cache."),
);

export const analyticsTools = [
  defineTool({
    name: "get_post_analytics",
    action: "read",
    title: "Analytics of one post",
    description:
      "Per target of a post (GET /v1/posts/{id}/analytics): normalised metrics (null where the network publishes none), the network's own names and values, `fetchedAt`. A target without numbers says why in `problem`, never as zeros. Answers from a one-hour cache unless `refresh`.",
    input: v.strictObject({ id: idArgument("The post's `post_…` id."), refresh }),
    output: PostAnalyticsSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => getPostAnalytics({ ctx, input }),
  }),
  defineTool({
    name: "get_analytics",
    action: "read",
    title: "Analytics across accounts over a period",
    description:
      "Totals per account and per network over `period` (GET /v1/analytics): followers and their change where the network gives it, a daily series where it gives one. An account that cannot be read is a `problems` entry; the others still answer.",
    input: v.strictObject({ period: AnalyticsQuery.entries.period, account: AnalyticsQuery.entries.account, platform: AnalyticsQuery.entries.platform, refresh }),
    output: AnalyticsReportSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => getAnalytics({ ctx, input }),
  }),
];
