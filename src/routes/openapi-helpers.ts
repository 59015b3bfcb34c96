import * as v from "valibot";
import { type ErrorCode, errorCatalogue, errorTypes } from "../infra/error-catalogue.js";
import { platformIds } from "../networks/registry.js";
import { named, openApiSchema } from "../http/schema-conversion.js";

export { documentAs, named, namedBody, openApiSchema } from "../http/schema-conversion.js";

/** What an error body looks like for `code` (the document's example of each error response). */
function errorExample(code: ErrorCode) {
  const entry = errorCatalogue[code];
  return {
    error: {
      type: entry.type,
      message: entry.meaning,
      code,
      param: null,
      fix: entry.fix,
      docs: `http://localhost:8787/docs/errors#error-${code}`,
      platform: null,
      retryable: entry.retryable,
      requestId: "req_3fZqk8TgW2pLx9vN",
    },
  };
}

const ErrorEnvelopeFields = v.object({
  error: v.object({
    type: v.pipe(v.picklist(errorTypes), v.description("Stable, coarse class of the error.")),
    message: v.pipe(v.string(), v.description("Human-readable explanation.")),
    code: v.pipe(v.string(), v.description("Granular, stable code; branch on this. Every code is listed on /docs/errors.")),
    param: v.pipe(v.nullable(v.string()), v.description("The request field at fault, e.g. `media`, `platformOptions.title`.")),
    fix: v.pipe(v.nullable(v.string()), v.description("Plain-language correction; null only for an unrecognised network refusal.")),
    docs: v.pipe(v.string(), v.description("Link to this code's entry in the error table.")),
    platform: v.pipe(v.nullable(v.picklist(platformIds)), v.description("The network involved, or null.")),
    retryable: v.pipe(v.boolean(), v.description("Whether retrying the same request (same Idempotency-Key) can succeed.")),
    requestId: v.pipe(v.string(), v.description("Quote this to support.")),
  }),
});

export const ErrorEnvelopeSchema = named("Error", ErrorEnvelopeFields, errorExample("field_invalid"));

const rateHeaders = {
  "X-RateLimit-Remaining": { description: "Requests left in the current window.", schema: { type: "integer" as const } },
  "X-RateLimit-Reset": { description: "Unix time (seconds) when the window has room again.", schema: { type: "integer" as const } },
};

/** OpenAPI responses for the given error codes (plus the ones every authenticated route can return), grouped by status. */
export function errorResponses(codes: readonly ErrorCode[], options: { authenticated?: boolean } = {}) {
  // Every route reads its path and query through the input guard, so any of them can refuse a NUL or a lone surrogate.
  // Every route validates its path, query or body the same way (`field_*` naming the parameter).
  // And any can meet a database outage (503 `service_unavailable`, with Retry-After).
  const guarded: ErrorCode[] = ["text_invalid_characters", "field_unknown", "field_wrong_type", "field_required", "field_invalid", "rate_limited", "internal_error", "service_unavailable"];
  // Any authenticated route can refuse an OAuth agent whose grant does not reach it.
  const agentGrant: ErrorCode[] = ["agent_grant_action", "agent_grant_owner_only", "agent_grant_profile", "agent_grant_platform", "agent_grant_expired"];
  const always: ErrorCode[] = options.authenticated === false ? guarded : ["unauthorized", ...guarded, ...agentGrant];
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...codes, ...always]) {
    const status = errorCatalogue[code].status;
    byStatus.set(status, [...new Set([...(byStatus.get(status) ?? []), code])]);
  }
  const responses: Record<string, object> = {};
  for (const [status, list] of byStatus) {
    responses[String(status)] = {
      description: `Error. Codes: ${list.map((c) => `\`${c}\``).join(", ")}.`,
      headers: status === 429 || status === 503 ? { ...rateHeaders, "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" } } } : rateHeaders,
      content: { "application/json": { schema: openApiSchema(ErrorEnvelopeSchema), example: errorExample(list[0] ?? "internal_error") } },
    };
  }
  return responses;
}

/**
 * A JSON success response. Name the schema (`named("Post", schema, example)`) or pass `example`:
 * the document gives every operation an example response (the missing ones are built from the
 * components' examples, src/openapi/examples.ts).
 */
export function jsonResponse<S extends v.GenericSchema>(schema: S, description: string, example?: v.InferOutput<S>) {
  return {
    description,
    headers: rateHeaders,
    content: { "application/json": { schema: openApiSchema(schema), ...(example === undefined ? {} : { example }) } },
  };
}

/**
 * A whole-number query parameter, documented as `type: integer` with its bounds. Query values
 * arrive as text: the digits are checked and converted here, then the number is range-checked
 * (out of range is a 400 `field_invalid`, not clamped).
 */
export function integerQuery(options: { min: number; max: number; fallback: number; description: string }) {
  return v.pipe(
    v.optional(v.string(), String(options.fallback)),
    v.check((text) => /^\d+$/.test(text), "must be a whole number"),
    // Typed `number | undefined` so the next schema may be the optional that carries the default
    // into the document as a number (the text default above has already supplied the value).
    v.transform((text): number | undefined => Number(text)),
    v.optional(v.pipe(v.number(), v.integer(), v.minValue(options.min), v.maxValue(options.max)), options.fallback),
    v.description(options.description),
  );
}

/** Query `limit`: 1 to `max`, default `fallback`; out of range is a 400, not clamped. */
export function limitQuery(max = 100, fallback = 50) {
  return integerQuery({ min: 1, max, fallback, description: `Page size, 1 to ${max}; default ${fallback}.` });
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
