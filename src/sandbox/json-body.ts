import type { Context } from "hono";
import { isRecord } from "../types/is-record.js";

/**
 * The request's JSON object, or null when the body is missing, is not JSON, or is JSON but not an
 * object: each simulator then answers its network's own error for a body it cannot read.
 */
export async function jsonBody(c: Context): Promise<Record<string, unknown> | null> {
  const body = (await c.req.json().catch(() => null)) as unknown;
  return isRecord(body) ? body : null;
}

/**
 * The same, with an unreadable body taken as `{}`: for networks that answer it field by field
 * ("x is required") rather than with one error for the body as a whole.
 */
export async function jsonBodyOrEmpty(c: Context): Promise<Record<string, unknown>> {
  return (await jsonBody(c)) ?? {};
}
