import { resolver } from "hono-openapi";
import * as v from "valibot";
import { type ErrorCode, errorCatalogue, errorTypes } from "../infra/error-catalogue.js";
import { platformIds } from "../networks/platform-ids.js";

export const ErrorEnvelopeSchema = v.object({
  error: v.object({
    type: v.pipe(v.picklist(errorTypes), v.description("Stable, coarse class of the error.")),
    message: v.pipe(v.string(), v.description("Human-readable explanation.")),
    code: v.pipe(v.string(), v.description("Granular, stable code; branch on this. Every code is listed on /docs#errors.")),
    param: v.pipe(v.nullable(v.string()), v.description("The request field at fault, e.g. `media`, `platformOptions.title`.")),
    fix: v.pipe(v.nullable(v.string()), v.description("Plain-language correction; null only for an unrecognised network refusal.")),
    docs: v.pipe(v.string(), v.description("Link to this code's entry in the error table.")),
    platform: v.pipe(v.nullable(v.picklist(platformIds)), v.description("The network involved, or null.")),
    retryable: v.pipe(v.boolean(), v.description("Whether retrying the same request (same Idempotency-Key) can succeed.")),
    requestId: v.pipe(v.string(), v.description("Quote this to support.")),
  }),
});

const rateHeaders = {
  "X-RateLimit-Remaining": { description: "Requests left in the current window.", schema: { type: "integer" as const } },
  "X-RateLimit-Reset": { description: "Unix time (seconds) when the window has room again.", schema: { type: "integer" as const } },
};

/** OpenAPI responses for the given error codes (plus the ones every authenticated route can return), grouped by status. */
export function errorResponses(codes: readonly ErrorCode[], options: { authenticated?: boolean } = {}) {
  const always: ErrorCode[] = options.authenticated === false ? ["rate_limited", "internal_error"] : ["unauthorized", "rate_limited", "internal_error"];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes, ...always]) {
    const status = errorCatalogue[code].status;
    byStatus.set(status, [...new Set([...(byStatus.get(status) ?? []), code])]);
  }
  const responses: Record<string, object> = {};
  for (const [status, list] of byStatus) {
    responses[String(status)] = {
      description: `Error. Codes: ${list.map((c) => `\`${c}\``).join(", ")}.`,
      headers: status === 429 ? { ...rateHeaders, "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } } : rateHeaders,
      content: { "application/json": { schema: resolver(ErrorEnvelopeSchema) } },
    };
  }
  return responses;
}

export function jsonResponse(schema: v.GenericSchema, description: string) {
  return {
    description,
    headers: rateHeaders,
    content: { "application/json": { schema: resolver(schema) } },
  };
}

/** Query `limit`: 1 to `max`, default `fallback`; out of range is a 400, not clamped. */
export function limitQuery(max = 100, fallback = 50) {
  return v.pipe(
    v.optional(v.string(), String(fallback)),
    v.regex(/^\d+$/, "must be a whole number"),
    v.transform(Number),
    v.minValue(1),
    v.maxValue(max),
    v.description(`Page size, 1 to ${max}; default ${fallback}.`),
  );
}

export const cursorQuery = v.pipe(v.optional(v.string()), v.description("The `cursor` of the previous page, passed back verbatim."));

export const idempotencyHeader = {
  name: "Idempotency-Key",
  in: "header" as const,
  required: false,
  description:
    "1 to 255 printable ASCII characters. The first request with a key runs; repeating the same request with the same key within 24 hours returns the stored answer with `Idempotent-Replayed: true` and does nothing again. The same key with a different body is 422 `idempotency_key_reused`; while the first is still running, 409 `idempotency_in_progress`.",
  schema: { type: "string" as const, minLength: 1, maxLength: 255 },
};

export const security = [{ bearerAuth: [] }];
