import { Hono } from "hono";
import * as v from "valibot";
import { getAnalytics } from "../../domain/insights/index.js";
import { analyticsPeriods } from "../../domain/insights/index.js";
import { getPostAnalytics } from "../../domain/insights/index.js";
import { ApiError } from "../../infra/errors.js";
import { AnalyticsPage, PostAnalyticsPage } from "./analytics-page.js";
import type { DashboardEnv } from "./dashboard-env.js";
import { ctxOf, frameOf } from "./frame.js";

const Period = v.optional(v.picklist(analyticsPeriods), "30d");

/**
 * Analytics over the same domain functions as GET /v1/analytics and GET /v1/posts/{id}/analytics:
 * cached reads answer in one query, and accounts or targets without numbers say why.
 */
export const analyticsRoutes = new Hono<DashboardEnv>()
  .get("/dashboard/analytics", async (c) => {
    const raw = c.req.query("period");
    const period = v.safeParse(Period, raw === "" ? undefined : raw);
    if (!period.success) throw new ApiError("field_invalid", { param: "period", message: "Choose a period of 7d, 30d or 90d." });
    const report = await getAnalytics({ ctx: ctxOf(c), input: { period: period.output, refresh: false } });
    return c.html(<AnalyticsPage frame={frameOf(c)} report={report} />);
  })
  .get("/dashboard/posts/:id/analytics", async (c) => {
    const analytics = await getPostAnalytics({ ctx: ctxOf(c), input: { id: c.req.param("id"), refresh: false } });
    return c.html(<PostAnalyticsPage frame={frameOf(c)} analytics={analytics} />);
  });
