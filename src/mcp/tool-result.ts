import type { Context } from "hono";
import { asApiError } from "../http/error-handler.js";
import type { AppEnv } from "../http/context.js";
import { toEnvelope } from "../infra/errors.js";

/** What tools/call answers: the REST body as structured content, and the same JSON as text for clients that read only text. */
export interface ToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: boolean;
}

/** A stored error answer replayed under an idempotency key: shown as it was first answered. */
export class ReplayedErrorAnswer extends Error {
  constructor(readonly envelope: Record<string, unknown>) {
    super("replayed error answer");
  }
}

export function toolSuccess(value: object): ToolResult {
  const structuredContent = value as Record<string, unknown>;
  return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
}

/**
 * A refused or failed call is a tool result with `isError: true`, not a JSON-RPC error, so an
 * agent sees it and can correct itself; its structured content is the REST error envelope, with
 * the same `code`, `param`, `fix` and `retryable`.
 */
export function toolFailure(error: unknown, c: Context<AppEnv>): ToolResult {
  const envelope = error instanceof ReplayedErrorAnswer ? error.envelope : toEnvelope(asApiError(error, c), c.get("baseUrl"), c.get("requestId"));
  return { content: [{ type: "text", text: JSON.stringify(envelope) }], structuredContent: envelope, isError: true };
}
