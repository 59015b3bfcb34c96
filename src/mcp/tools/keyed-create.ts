import * as v from "valibot";
import { runIdempotent } from "../../http/idempotency.js";
import { asApiError } from "../../http/error-handler.js";
import { toEnvelope } from "../../infra/errors.js";
import { ReplayedErrorAnswer } from "../tool-result.js";
import type { ToolCall } from "../tool.js";

const JSON_HEADERS = { "content-type": "application/json" };

/**
 * Runs `write` under `key` exactly as the REST route at `path` runs under an Idempotency-Key
 * header: the same store, the same fingerprint (method, path and the body without the key), the
 * same rules for what is kept. A retry through MCP or REST with the same key and body replays the
 * first answer, success or error, and does nothing again (publishes, replies or charges nothing).
 */
export async function writeWithKey(call: ToolCall, request: { key: string; path: string; body: Record<string, unknown> }, write: () => Promise<object>, status: number): Promise<object> {
  const { http } = call;
  const outcome = await runIdempotent(http, call.ctx, { key: request.key, method: "POST", path: request.path, body: JSON.stringify(request.body) }, async () => {
    try {
      return { status, body: JSON.stringify(await write()), headers: JSON_HEADERS, refusedBeforeExecution: false };
    } catch (error) {
      const refusal = asApiError(error, http);
      const body = JSON.stringify(toEnvelope(refusal, http.var.baseUrl, http.var.requestId));
      return { status: refusal.status, body, headers: JSON_HEADERS, refusedBeforeExecution: refusal.beforeExecution };
    }
  });
  const answer = JSON.parse(outcome.body) as Record<string, unknown>;
  if (outcome.status >= 400) throw new ReplayedErrorAnswer(answer);
  return answer;
}

/** POST /v1/posts under an idempotency key (see writeWithKey). */
export function createWithKey(call: ToolCall, key: string, post: Record<string, unknown>, create: () => Promise<object>, status = 201): Promise<object> {
  return writeWithKey(call, { key, path: "/v1/posts", body: post }, create, status);
}

/** The tool argument that stands for the REST Idempotency-Key header, with the header's shape. */
export function idempotencyKeyArgument(description: string) {
  return v.pipe(v.optional(v.pipe(v.string(), v.regex(/^[\x21-\x7e]{1,255}$/, "must be 1 to 255 printable ASCII characters"))), v.description(description));
}
