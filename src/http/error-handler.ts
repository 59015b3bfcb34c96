import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ApiError, toEnvelope } from "../infra/errors.js";
import { type ErrorCode, errorCatalogue } from "../infra/error-catalogue.js";
import { takesIdempotencyKey } from "./idempotency.js";
import { isTransientFailure } from "../infra/transient-failure.js";
import type { AppEnv } from "./context.js";
import { clientWentAway } from "./request-log.js";

/** What a 503 for a passing failure asks: long enough for a connection pool or a restart to come back. */
export const SERVICE_RETRY_AFTER_SECONDS = 5;

/**
 * The one place an error becomes a response. ApiErrors carry their own status and fix; anything
 * else is an unexpected failure: logged with the request id and answered with a 500 that says
 * nothing about internals (a 503 when it is known to pass). A retryable 503 always says when to
 * come back; the X-RateLimit-* headers are added on the way out (rate-headers.ts).
 */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  const apiError = asApiError(error, c);
  if (apiError.beforeExecution) c.set("refusedBeforeExecution", true);
  const body = toEnvelope(apiError, c.get("baseUrl"), c.get("requestId"));
  body.error.fix = fixFor(apiError, c);
  const headers = apiError.status === 503 && apiError.retryable && !apiError.headers["Retry-After"] ? { ...apiError.headers, "Retry-After": String(SERVICE_RETRY_AFTER_SECONDS) } : apiError.headers;
  return c.json(body, apiError.status as 400, headers);
}

/** Codes whose catalogue fix says "retry": for a write, the retry must carry the same key. */
const RETRY_CODES = new Set<ErrorCode>(["rate_limited", "service_unavailable", "platform_unavailable"]);

/**
 * The fix as it fits this request: a retry of a REST write is told to send the same
 * Idempotency-Key (so a write that went through is not made twice); a read, or a request that
 * takes no key (unauthenticated, OAuth), is not told about one.
 */
function fixFor(error: ApiError, c: Context<AppEnv>): string | null {
  if (!RETRY_CODES.has(error.code) || error.fix !== errorCatalogue[error.code].fix || !takesIdempotencyKey(c)) return error.fix;
  return `${error.fix} Send the same Idempotency-Key as the first attempt, so a write that went through is not made twice.`;
}

/**
 * Any failure as the ApiError the caller is shown: REST answers and MCP tool errors both go
 * through here, so an unexpected failure is logged once and never leaks its message.
 */
export function asApiError(error: unknown, c: Context<AppEnv>): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPException && error.status < 500) {
    return new ApiError(error.status === 413 ? "body_too_large" : "body_not_json", { beforeExecution: true });
  }
  const fields = {
    requestId: c.get("requestId"),
    method: c.req.method,
    path: c.req.path,
    error: error instanceof Error ? (error.stack ?? String(error)) : String(error),
  };
  // A client that hung up is not a failure of the server: what broke was its own request (a
  // body cut off, work abandoned with its signal), and nobody reads the answer.
  if (clientWentAway(c)) c.get("deps").logger.info("request abandoned by the client", fields);
  else c.get("deps").logger.error("unhandled error", fields);
  // Only a passing failure of a dependency is worth retrying; anything else is a bug that a
  // retry would only repeat.
  return isTransientFailure(error) ? new ApiError("service_unavailable") : new ApiError("internal_error");
}
