import * as v from "valibot";
import { type KeyedWrite, keyedWrite } from "../../http/keyed-write.js";
import { ReplayedErrorAnswer } from "../tool-result.js";
import type { ToolCall } from "../tool.js";

/**
 * Runs `write` under `key` exactly as the REST route at `path` runs under an Idempotency-Key
 * header (src/http/keyed-write.ts): a retry through MCP or REST with the same key and body replays
 * the first answer, success or error, and does nothing again (publishes, replies or charges nothing).
 */
export async function writeWithKey(call: ToolCall, request: KeyedWrite, write: () => Promise<object>, status: number): Promise<object> {
  const outcome = await keyedWrite(call.http, call.ctx, request, write, { status, refusals: "answered" });
  if (outcome.status >= 400) throw new ReplayedErrorAnswer(outcome.answer);
  return outcome.answer;
}

/** POST /v1/posts under an idempotency key (see writeWithKey). */
export function createWithKey(call: ToolCall, key: string, post: Record<string, unknown>, create: () => Promise<object>, status = 201): Promise<object> {
  return writeWithKey(call, { key, path: "/v1/posts", body: post }, create, status);
}

/** The tool argument that stands for the REST Idempotency-Key header, with the header's shape. */
export function idempotencyKeyArgument(description: string) {
  return v.pipe(v.optional(v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,255}$/, "must be 1 to 255 printable ASCII characters"))), v.description(description));
}
