import type { components } from "./schema.js";

/** The error envelope every failed call answers: branch on `error.code`, show `error.fix`. */
export type ChorusErrorBody = components["schemas"]["Error"];
export type ChorusErrorType = ChorusErrorBody["error"]["type"];

/**
 * A refused call, carrying the whole envelope: `code` to branch on, `fix` to show, `retryable` to
 * decide whether to try again. Its subclass names the error's `type`, so `instanceof` sorts errors
 * coarsely (`ChorusRateLimitError`) and `code` finely (`"media_too_large"`).
 */
export class ChorusApiError extends Error {
  readonly type: ChorusErrorType;
  readonly code: string;
  readonly param: string | null;
  readonly fix: string | null;
  readonly retryable: boolean;
  readonly requestId: string | null;
  constructor(
    readonly body: ChorusErrorBody,
    readonly status?: number,
  ) {
    super(`${body.error.code}: ${body.error.message}${body.error.fix ? ` Fix: ${body.error.fix}` : ""}`);
    this.name = new.target.name;
    this.type = body.error.type;
    this.code = body.error.code;
    this.param = body.error.param ?? null;
    this.fix = body.error.fix ?? null;
    this.retryable = body.error.retryable ?? false;
    this.requestId = body.error.requestId ?? null;
  }
}

/** 400: the request itself is wrong (`param` names the field); sending it again changes nothing. */
export class ChorusInvalidRequestError extends ChorusApiError {}
/** 401 or 403: the key is missing, unknown or not allowed to do this. */
export class ChorusAuthenticationError extends ChorusApiError {}
/** 402: the plan's credits or limits are spent. */
export class ChorusEntitlementError extends ChorusApiError {}
/** 404: no such resource in this workspace. */
export class ChorusNotFoundError extends ChorusApiError {}
/** 409: the resource's state does not allow this now (or a connection needs reauthorising). */
export class ChorusConflictError extends ChorusApiError {}
/** 429: slow down; retry after the `Retry-After` the answer carried. */
export class ChorusRateLimitError extends ChorusApiError {}
/** A network, or Chorus itself, failed; `retryable` says whether trying again may help. */
export class ChorusServerError extends ChorusApiError {}

const classes: Record<ChorusErrorType, typeof ChorusApiError> = {
  invalid_request: ChorusInvalidRequestError,
  invalid_input: ChorusInvalidRequestError,
  unauthorized: ChorusAuthenticationError,
  forbidden: ChorusAuthenticationError,
  entitlement_exceeded: ChorusEntitlementError,
  not_found: ChorusNotFoundError,
  conflict: ChorusConflictError,
  rate_limited: ChorusRateLimitError,
  platform_error: ChorusServerError,
  api_error: ChorusServerError,
  service_unavailable: ChorusServerError,
};

/** The typed error for an envelope. */
export function chorusError(body: ChorusErrorBody, status?: number): ChorusApiError {
  const Class = classes[body.error.type] ?? ChorusApiError;
  return new Class(body, status);
}

/** The answer's data, or the typed error: `const post = unwrap(await chorus.GET(…))`. */
export function unwrap<T>(result: { data?: T; error?: ChorusErrorBody; response?: Response }): T {
  if (result.data !== undefined) return result.data;
  if (result.error) throw chorusError(result.error, result.response?.status);
  throw new Error("Chorus answered with neither data nor an error body.");
}
