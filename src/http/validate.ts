import type { MiddlewareHandler } from "hono";
import { uniqueSymbol } from "hono-openapi";
import * as v from "valibot";
import type { ErrorCode } from "../infra/error-catalogue.js";
import { ApiError } from "../infra/errors.js";
import { openApiSchema } from "./schema-conversion.js";
import type { AppEnv } from "./context.js";
import { assertSafeInput } from "./input-limits.js";

/** Largest JSON body any endpoint accepts; files go through POST /v1/media instead. */
export const MAX_JSON_BODY_BYTES = 1_048_576;

type Target = "json" | "query" | "param";
type AnySchema = v.GenericSchema;

function pathToParam(path: v.IssuePathItem[] | undefined, prefix: string | null): string | null {
  if (!path || path.length === 0) return prefix;
  let out = prefix ?? "";
  for (const item of path) {
    const key = item.key;
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out || null;
}

/**
 * A picklist or enum refused a value of the same kind as its options (a string that is not one
 * of its strings, a number not one of its numbers). The issue does not carry the options, only
 * their rendering in `expected` (`"a" | "b"`, strings quoted, numbers bare).
 */
function isValueNotOffered(issue: v.BaseIssue<unknown>): boolean {
  if (issue.kind !== "schema" || (issue.type !== "picklist" && issue.type !== "enum")) return false;
  const options = (issue.expected ?? "").split(" | ");
  if (typeof issue.input === "string") return options.some((o) => o.startsWith('"'));
  if (typeof issue.input === "number") return options.some((o) => /^-?\d/.test(o));
  return false;
}

/** Maps the first valibot issue to a catalogue error; `overrides` lets a route name a domain code for a field. */
export function issueToError(
  issue: v.BaseIssue<unknown>,
  overrides: Partial<Record<string, ErrorCode>> = {},
  prefix: string | null = null,
  typeOverrides: Partial<Record<string, ErrorCode>> = {},
): ApiError {
  const param = pathToParam(issue.path, prefix);
  const last = issue.path?.at(-1);
  const isKeyIssue = last?.origin === "key";
  let code: ErrorCode;
  let message: string;
  if (isKeyIssue && issue.expected === "never") {
    code = "field_unknown";
    message = `Unknown field \`${param}\`.`;
  } else if (isKeyIssue) {
    code = "field_required";
    message = `\`${param}\` is required.`;
  } else if (isValueNotOffered(issue)) {
    // The right type, a value the field does not offer: invalid, not a wrong type.
    code = "field_invalid";
    message = `\`${param ?? "body"}\` must be one of ${issue.expected ?? "the values the schema lists"}, received ${issue.received}.`;
  } else if (issue.kind === "schema") {
    code = "field_wrong_type";
    message = `\`${param ?? "body"}\` must be ${issue.expected ?? "of another type"}, received ${issue.received}.`;
  } else {
    code = "field_invalid";
    message = `\`${param ?? "body"}\`: ${issue.message}`;
  }
  // A wrong shape anywhere under a field (`events[2]`) takes the field's own code when the route names one.
  const typeOverride = param ? (typeOverrides[param] ?? typeOverrides[param.split(/[.[]/)[0] ?? ""]) : undefined;
  if (typeOverride && code === "field_wrong_type") return new ApiError(typeOverride, { param, message, beforeExecution: true });
  const override = param ? overrides[param] : undefined;
  if (override && code !== "field_unknown" && code !== "field_wrong_type") {
    return new ApiError(override, { param, message, beforeExecution: true });
  }
  return new ApiError(code, { param, message, beforeExecution: true });
}

async function readJson(request: { header(name: string): string | undefined; text(): Promise<string> }): Promise<unknown> {
  const declared = Number(request.header("content-length") ?? "0");
  if (declared > MAX_JSON_BODY_BYTES) throw new ApiError("body_too_large", { beforeExecution: true });
  const type = request.header("content-type") ?? "";
  // HonoRequest caches the text, so the idempotency fingerprint and this parse read one body.
  const text = await request.text();
  if (new TextEncoder().encode(text).byteLength > MAX_JSON_BODY_BYTES) throw new ApiError("body_too_large", { beforeExecution: true });
  if (text.trim() === "") return {};
  if (type && !/^application\/(.+\+)?json\b/i.test(type)) {
    throw new ApiError("body_not_json", { message: `Content-Type must be application/json, received ${type}.`, beforeExecution: true });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("body_not_json", { beforeExecution: true });
  }
  assertSafeInput(parsed);
  return parsed;
}

/**
 * The JSON body checked against `schema`, for a route that takes JSON or another body by its
 * Content-Type (POST /v1/media: a file, or `{ url }`) and so cannot put `validate` in front.
 */
export async function parseJsonBody<S extends AnySchema>(c: Parameters<MiddlewareHandler<AppEnv>>[0], schema: S): Promise<v.InferOutput<S>> {
  const input = await readJson(c.req);
  const result = v.safeParse(schema, Array.isArray(input) ? null : input);
  if (!result.success) {
    const [first] = result.issues;
    throw first ? issueToError(first) : new ApiError("field_wrong_type", { beforeExecution: true });
  }
  return result.output;
}

export interface ValidateOptions {
  /** Domain codes for specific fields, e.g. `{ text: "text_required" }`. */
  codes?: Partial<Record<string, ErrorCode>>;
  /** Domain codes for a wrong type in a field or anything under it, e.g. `{ events: "invalid_webhook_events" }`. */
  typeCodes?: Partial<Record<string, ErrorCode>>;
}

/**
 * Validates one part of the request with a valibot schema and hands the typed output to the
 * handler through `c.req.valid(target)`. It also carries the schema for OpenAPI generation, so
 * the document and the runtime check can never disagree.
 */
export function validate<T extends Target, S extends AnySchema>(
  target: T,
  schema: S,
  options: ValidateOptions = {},
): MiddlewareHandler<AppEnv, string, { in: { [K in T]: v.InferInput<S> }; out: { [K in T]: v.InferOutput<S> } }> {
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    let input: unknown;
    if (target === "json") {
      input = await readJson(c.req);
      // valibot's object schemas take an array as an object with no keys: every body of this API
      // is a JSON object, so an array is refused here rather than read as an empty body.
      if (Array.isArray(input))
        throw new ApiError("field_wrong_type", { message: "The body must be a JSON object, received an array.", fix: "Send the fields as one JSON object: `{ ... }`.", beforeExecution: true });
    } else if (target === "query") input = c.req.query();
    else input = c.req.param();
    // Bodies are checked as they are parsed; the path and query are checked here, by name.
    if (target !== "json") assertSafeInput(input);
    const result = v.safeParse(schema, input);
    if (!result.success) {
      const [first] = result.issues;
      if (first) throw issueToError(first, options.codes ?? {}, null, options.typeCodes ?? {});
      throw new ApiError("field_wrong_type", { beforeExecution: true });
    }
    c.req.addValidatedData(target, result.output as object);
    await next();
  };
  // hono-openapi reads this marker to put the schema in the document. A JSON body is marked
  // required only when the schema refuses `{}`: an empty body is read as `{}`, so a body whose
  // every field is optional may be left out, and the document must say so.
  const marker =
    target === "json"
      ? { spec: { requestBody: { required: !v.safeParse(schema, {}).success, content: { "application/json": { schema: openApiSchema(schema) } } } } }
      : { target, ...openApiSchema(schema), options: undefined };
  return Object.assign(middleware, { [uniqueSymbol]: marker }) as never;
}
