import type { Context } from "hono";
import type { ErrorCode } from "../infra/error-catalogue.js";
import { ApiError } from "../infra/errors.js";
import type { AppEnv } from "../http/context.js";
import { ErrorPage } from "./connect/outcome-pages.js";

const titles: Partial<Record<ErrorCode, string>> = {
  connect_link_invalid: "This link is not valid",
  connect_link_expired: "This link has expired",
  approval_link_invalid: "This link is not valid",
  approval_link_expired: "This link has expired",
  connect_state_invalid: "This sign-in cannot be finished",
  rate_limited: "Too many requests",
  route_not_found: "Page not found",
};

/**
 * The pages' counterpart of the API's error handler: the same catalogue codes, shown as a page
 * a person can read instead of a JSON envelope. Unexpected errors are logged with the request
 * id and shown without detail.
 */
export function renderPageError<E extends AppEnv>(error: Error, c: Context<E>): Response | Promise<Response> {
  const { apiError, title, fix } = pageErrorOf(error, c);
  return c.html(<ErrorPage title={title} message={apiError.message} fix={fix} code={apiError.code} />, apiError.status as 400, apiError.headers);
}

/** The catalogue error behind any thrown value, with the page title and fix a person reads (unexpected errors logged once here). */
export function pageErrorOf<E extends AppEnv>(error: Error, c: Context<E>): { apiError: ApiError; title: string; fix: string | null } {
  let apiError: ApiError;
  if (error instanceof ApiError) {
    apiError = error;
  } else {
    apiError = new ApiError("internal_error");
    c.var.deps.logger.error("unhandled error on a page", { requestId: c.var.requestId, method: c.req.method, path: c.req.path, error: error.stack ?? String(error) });
  }
  const title = titles[apiError.code] ?? (apiError.status >= 500 ? "Something went wrong" : "Could not continue");
  const fix = apiError.code === "internal_error" ? `${apiError.fix ?? ""} Request id: ${c.var.requestId}.` : (apiError.fix ?? null);
  return { apiError, title, fix };
}
