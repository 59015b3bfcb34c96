import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ApiError, toEnvelope } from "../infra/errors.js";
import type { AppEnv } from "./context.js";

/**
 * The one place an error becomes a response. ApiErrors carry their own status and fix; anything
 * else is an unexpected failure: logged with the request id and answered with a 500 that says
 * nothing about internals.
 */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  let apiError: ApiError;
  if (error instanceof ApiError) {
    apiError = error;
  } else if (error instanceof HTTPException && error.status < 500) {
    apiError = new ApiError(error.status === 413 ? "body_too_large" : "body_not_json", { beforeExecution: true });
  } else {
    apiError = new ApiError("internal_error");
    c.var.deps.logger.error("unhandled error", {
      requestId: c.var.requestId,
      method: c.req.method,
      path: c.req.path,
      error: error.stack ?? String(error),
    });
  }
  if (apiError.beforeExecution) c.set("refusedBeforeExecution", true);
  const body = toEnvelope(apiError, c.var.baseUrl, c.var.requestId);
  return c.json(body, apiError.status as 400, apiError.headers);
}
