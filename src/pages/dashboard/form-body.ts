import * as v from "valibot";
import type { ErrorCode } from "../../infra/error-catalogue.js";
import { issueToError } from "../../http/validate.js";

/**
 * A dashboard form read by the schema the API reads the same request's body with (REST route and
 * MCP tool alike): the same values accepted, the same limits, and otherwise the same refusal
 * (code, param, message) before the operation runs.
 */
export function formBody<S extends v.GenericSchema>(schema: S, body: unknown, codes: Partial<Record<string, ErrorCode>> = {}): v.InferOutput<S> {
  const parsed = v.safeParse(schema, body);
  if (parsed.success) return parsed.output;
  const [first] = parsed.issues;
  throw issueToError(first, codes);
}
