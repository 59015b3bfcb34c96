import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { getAnalytics } from "../../../domain/insights/index.js";
import { getPostAnalytics } from "../../../domain/insights/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, jsonResponse, security } from "../../openapi-helpers.js";
import { AnalyticsQuery, AnalyticsReportSchema, PostAnalyticsParams, PostAnalyticsQuery, PostAnalyticsSchema } from "./schema.js";

const tags = ["Analytics"];
const cacheNote =
  "Results are kept with their `fetchedAt`: asking again within an hour answers from the cache and spends none of the networks' quotas. `refresh=true` reads the networks again, except for results younger than the network's `analytics.minRefreshSeconds` (GET /v1/platforms), which still answer from the cache. The network's own metric names behind each normalised metric are in GET /v1/platforms under `analytics.metrics`.";

export const analyticsRoutes = new Hono<AppEnv>()
  .get(
    "/posts/:id/analytics",
    describeRoute({
      operationId: "getPostAnalytics",
      tags,
      summary: "Analytics of one post, per target",
      description: `Per target: the normalised metrics (null where the network publishes none), the network's own names and values beside them, and \`fetchedAt\`. A target that is not published (\`target_not_published\`), a network without post insights (\`capability_unsupported\`), a connection to renew or a network failure is reported in the target's \`problem\`, never as zeros. ${cacheNote}`,
      security,
      responses: { 200: jsonResponse(PostAnalyticsSchema, "One entry per target."), ...errorResponses(["resource_not_found", "field_invalid", "field_unknown"]) },
    }),
    validate("param", PostAnalyticsParams),
    validate("query", PostAnalyticsQuery),
    async (c) => c.json(await getPostAnalytics({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, refresh: c.req.valid("query").refresh } })),
  )
  .get(
    "/analytics",
    describeRoute({
      operationId: "getAnalytics",
      tags,
      summary: "Analytics across accounts and networks over a period",
      description: `Totals per account and per network over \`period\` (whole UTC days ending today), followers now and their change where the network gives it, and a daily series where it gives one. Networks are read in parallel, each with its own timeout; a network that cannot be read (no account insights, a connection to renew, a timeout) is a \`problems\` entry and the others still answer. ${cacheNote}`,
      security,
      responses: { 200: jsonResponse(AnalyticsReportSchema, "Totals, per-account detail and problems."), ...errorResponses(["field_invalid", "field_unknown", "account_unknown"]) },
    }),
    validate("query", AnalyticsQuery),
    async (c) => c.json(await getAnalytics({ ctx: c.get("ctx"), input: c.req.valid("query") })),
  );
