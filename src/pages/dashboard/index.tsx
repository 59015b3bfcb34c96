import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getLimits } from "../../domain/workspaces/index.js";
import { switchViewMode } from "../../domain/workspaces/index.js";
import { recentFailures } from "../../domain/publishing/index.js";
import { endSession } from "../../domain/workspaces/index.js";
import { publicLimit } from "../../http/auth.js";
import { forgetLimitsAfterWrite } from "../../http/limits-after-write.js";
import { type RefusalText, enforceRateLimits, workspaceRateChecks } from "../../http/rate-limit.js";
import { MEDIA_BYTE_LIMITS } from "../../domain/publishing/index.js";
import { ApiError } from "../../infra/errors.js";
import { MAX_BULK_BODY_BYTES } from "../../routes/v1/posts/bulk-body.js";
import { renderDashboardError } from "./dashboard-error.js";
import { accountRoutes } from "./account-routes.js";
import { composeRoutes } from "./compose-routes.js";
import { type DashboardEnv, clearSessionCookie, dashboardHeaders, field, requireSession } from "./dashboard-env.js";
import { dashboardCss } from "./dashboard-style.js";
import { dashboardScript } from "./dashboard-script.js";
import { confirmDestructive } from "./confirm-step.js";
import { developerRoutes } from "./developer-routes.js";
import { webhookRoutes } from "./webhook-routes.js";
import { inboxRoutes } from "./inbox-routes.js";
import { analyticsRoutes } from "./analytics-routes.js";
import { agentConsentRoutes } from "./agent-consent-routes.js";
import { agentPageRoutes } from "./agents-page.js";
import { ctxOf, frameOf } from "./frame.js";
import { OverviewPage } from "./overview-page.js";
import { CREDIT_HISTORY_DAYS, CreditsPage } from "./credits-page.js";
import { creditHistory } from "../../domain/billing/index.js";
import { postRoutes } from "./post-routes.js";
import { calendarRoutes } from "./calendar-routes.js";
import { mediaRoutes } from "./media-routes.js";
import { planningRoutes } from "./planning-routes.js";
import { seriesBulkRoutes } from "./series-bulk-routes.js";
import { draftRoutes } from "./draft-routes.js";
import { SignedOutPage } from "./signin-pages.js";
import { signinRoutes } from "./signin-routes.js";

/** How the limit's refusal reads on a page: for a person, not a client reading Retry-After. */
const dashboardRefusal: RefusalText = {
  message: (refused) => `This workspace reached its limit of ${refused.limit} requests a minute (API and dashboard together).`,
  fix: "Wait a few seconds, then send it again: the limit counts the last 60 seconds.",
};

/** Paths that work without a session: the sign-in link itself and the static assets. */
const OPEN_PATHS = /^\/dashboard\/(signin\/|assets\/)/;

const sessionPages = new Hono<DashboardEnv>()
  .get("/dashboard", async (c) => {
    const ctx = ctxOf(c);
    const [limits, failed] = await Promise.all([getLimits({ ctx }), recentFailures({ ctx, input: { limit: 10 } })]);
    return c.html(<OverviewPage frame={frameOf(c)} model={{ limits, failed }} />);
  })
  .get("/dashboard/credits", async (c) => {
    const ctx = ctxOf(c);
    const [limits, days] = await Promise.all([getLimits({ ctx }), creditHistory({ ctx, input: { days: CREDIT_HISTORY_DAYS } })]);
    return c.html(<CreditsPage frame={frameOf(c)} limits={limits} days={days} />);
  })
  .post("/dashboard/mode", async (c) => {
    const to = field(c, "to");
    if (to !== "test" && to !== "live") throw new ApiError("field_invalid", { param: "to", message: "Switch to test or live." });
    await switchViewMode({ ctx: ctxOf(c), input: { token: c.var.sessionToken, session: c.var.dash.session, to } });
    return c.redirect("/dashboard", 303);
  })
  .post("/dashboard/signout", async (c) => {
    await endSession(ctxOf(c).db, c.var.sessionToken, ctxOf(c).clock.now());
    clearSessionCookie(c);
    return c.html(<SignedOutPage reason="signed_out" />);
  });

/**
 * The dashboard: server-rendered pages over the same domain functions as the API. Middleware is
 * scoped to /dashboard paths (mounted at "/", a "*" here would run on every /v1 request too).
 */
export const dashboardRoutes = new Hono<DashboardEnv>();
dashboardRoutes.onError(renderDashboardError);
dashboardRoutes.use("/dashboard/*", async (c, next) => {
  await next();
  // A page that set one of these itself (the agent consent page widens form-action) keeps its own.
  for (const [name, value] of Object.entries(await dashboardHeaders())) if (!c.res.headers.has(name)) c.header(name, value);
});
dashboardRoutes.use("/dashboard/signin/*", publicLimit());
// Forms are read whole before a handler runs: a size cap first (media the API's own largest file, 64 KB of multipart framing).
const tooLarge = () => {
  throw new ApiError("body_too_large");
};
const uploadPaths = new Set(["/dashboard/compose/media", "/dashboard/media/upload"]);
const uploadLimit = bodyLimit({ maxSize: MEDIA_BYTE_LIMITS.video + 64 * 1024, onError: tooLarge });
const formLimit = bodyLimit({ maxSize: 1024 * 1024, onError: tooLarge });
// A bulk import's CSV may be as large as POST /v1/posts/bulk takes, with room for the form's other fields.
const bulkLimit = bodyLimit({ maxSize: MAX_BULK_BODY_BYTES + 64 * 1024, onError: tooLarge });
const limitOf = (path: string) => (uploadPaths.has(path) ? uploadLimit : path === "/dashboard/bulk" ? bulkLimit : formLimit);
dashboardRoutes.use("/dashboard/*", async (c, next) => limitOf(c.req.path)(c, next));
const sessionCheck = requireSession((c) => c.html(<SignedOutPage reason={c.req.path === "/dashboard/agents/authorize" ? "agent_consent" : "expired"} />, 401));
// "/dashboard/*" matches "/dashboard" itself too: registering both would check the session twice.
dashboardRoutes.use("/dashboard/*", async (c, next) => (OPEN_PATHS.test(c.req.path) ? next() : sessionCheck(c, next)));
// Every page and form of a session counts against its workspace's apiPerMinute, the budget its API
// requests draw on: the dashboard is no way around the limit. After the session check, so a refused
// form is shown again as typed (dashboard-error.tsx) with the X-RateLimit-* headers and Retry-After.
dashboardRoutes.use("/dashboard/*", async (c, next) => {
  if (OPEN_PATHS.test(c.req.path)) return next();
  await enforceRateLimits(c, workspaceRateChecks(ctxOf(c).workspace, c.req.query("profile")), dashboardRefusal);
  await next();
  forgetLimitsAfterWrite(c.req.method, c.var.deps.limitsCache, ctxOf(c).workspace.id);
});
// Destructive forms ask first (confirm-step.tsx); after the session check, which reads the form.
dashboardRoutes.use("/dashboard/*", confirmDestructive);
dashboardRoutes.get("/dashboard/assets/dashboard.js", (c) => c.body(dashboardScript, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600" }));
dashboardRoutes.get("/dashboard/assets/dashboard.css", (c) => c.body(dashboardCss, 200, { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "public, max-age=3600" }));
dashboardRoutes.get("/dashboard/assets/htmx.min.js", async (c) => {
  const script = await c.var.deps.dashboardScript?.();
  if (script === undefined) throw new ApiError("route_not_found", { message: "This server was built without the dashboard's script; the pages work without it." });
  return c.body(script, 200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600" });
});
dashboardRoutes.route("/", signinRoutes);
dashboardRoutes.route("/", sessionPages);
dashboardRoutes.route("/", accountRoutes);
dashboardRoutes.route("/", draftRoutes);
dashboardRoutes.route("/", postRoutes);
dashboardRoutes.route("/", calendarRoutes);
dashboardRoutes.route("/", mediaRoutes);
dashboardRoutes.route("/", planningRoutes);
dashboardRoutes.route("/", seriesBulkRoutes);
dashboardRoutes.route("/", composeRoutes);
dashboardRoutes.route("/", developerRoutes);
dashboardRoutes.route("/", webhookRoutes);
dashboardRoutes.route("/", inboxRoutes);
dashboardRoutes.route("/", analyticsRoutes);
dashboardRoutes.route("/", agentConsentRoutes);
dashboardRoutes.route("/", agentPageRoutes);
