import { Hono } from "hono";
import { publicLimit } from "../http/auth.js";
import type { AppEnv } from "../http/context.js";
import { connectPageRoutes } from "./connect/connect-routes.js";
import { mediaPageRoutes } from "./media-routes.js";
import { renderPageError } from "./page-errors.js";
import { sandboxPageRoutes } from "./sandbox-routes.js";
import { dashboardRoutes } from "./dashboard/index.js";
import { dashboardFallback } from "./dashboard/dashboard-error.js";
import { approvalPageRoutes } from "./approval/approval-routes.js";

/**
 * Headers for pages that carry a connect link in their URL: never cached, never framed (a
 * framed consent page invites clickjacking), never sent on as a Referer, no script at all.
 */
const pageHeaders = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
};

/** Public, server-rendered pages: the hosted connect page, OAuth callbacks, and the sandbox networks' pages for browsers. */
export const pageRoutes = new Hono<AppEnv>();
// Set before the routes are mounted: Hono wraps each route with the sub-app's handler at mount time.
pageRoutes.onError(renderPageError);
// Scoped paths, not "*": mounted at "/", a "*" middleware here would run on every /v1 request too.
pageRoutes.use("/connect/*", publicLimit(), async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(pageHeaders)) c.header(name, value);
});
// The approval page carries its signed link in the URL, like the connect page: the same headers.
pageRoutes.use("/approve/*", publicLimit(), async (c, next) => {
  await next();
  for (const [name, value] of Object.entries(pageHeaders)) c.header(name, value);
});
pageRoutes.use("/sandbox/*", publicLimit());
pageRoutes.route("/", connectPageRoutes);
pageRoutes.route("/", approvalPageRoutes);
pageRoutes.route("/", sandboxPageRoutes);
pageRoutes.route("/", mediaPageRoutes);
pageRoutes.route("/", dashboardRoutes);
// After every dashboard page (including ones other files add to dashboardRoutes): the 404 page with navigation.
pageRoutes.route("/", dashboardFallback);
// Browsers ask for /favicon.ico on every page; Chorus has no icon, and "no content" is not an error.
pageRoutes.get("/favicon.ico", (c) => {
  c.header("Cache-Control", "public, max-age=86400");
  return c.body(null, 204);
});
