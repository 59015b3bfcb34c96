import type { Context } from "hono";
import type { DomainContext } from "../domain/core/index.js";
import { toEnvelope } from "../infra/errors.js";
import type { AppEnv } from "./context.js";
import { asApiError } from "./error-handler.js";
import { runIdempotent } from "./idempotency.js";

const JSON_HEADERS = { "content-type": "application/json" };

export interface KeyedWrite {
  key: string;
  /** The REST path the write stands for: part of the fingerprint, so one key cannot replay another endpoint's answer. */
  path: string;
  /** What the write was asked to do, without the key; the same body under the same key replays. */
  body: Record<string, unknown>;
}

export interface KeyedWriteOutcome {
  status: number;
  /** The write's answer as JSON: the value `write` returned, or the error envelope it was refused with. */
  answer: Record<string, unknown>;
  /** True when an earlier request with this key answered and nothing ran now. */
  replayed: boolean;
}

/**
 * Runs `write` under an idempotency key given some other way than the REST header (an MCP tool's
 * argument, the dashboard's compose form) exactly as the header does: the same store, the same
 * fingerprint (method, path and body), encrypted answers, replays that run nothing.
 *
 * `refusals` says what a refused write (an ApiError) becomes:
 * - `answered`: its error envelope is the answer, kept like any other unless refused before
 *   anything ran, so a retry gets the same refusal (MCP tools, like REST);
 * - `thrown`: it is thrown to the caller and the claim released, so a person can correct the
 *   form and send it again under the same key (the dashboard). A claim already tied to a stored
 *   post is kept and answers from that post instead (see releaseIdempotentRequest).
 */
export async function keyedWrite<E extends AppEnv>(
  http: Context<E>,
  ctx: DomainContext,
  request: KeyedWrite,
  write: () => Promise<object>,
  options: { status: number; refusals: "answered" | "thrown" },
): Promise<KeyedWriteOutcome> {
  // Only read here (deps, baseUrl, requestId), never set: a context whose variables extend the API's (the dashboard's) serves as one.
  const c = http as unknown as Context<AppEnv>;
  const outcome = await runIdempotent(c, ctx, { key: request.key, method: "POST", path: request.path, body: JSON.stringify(request.body) }, async () => {
    if (options.refusals === "thrown") return { status: options.status, body: JSON.stringify(await write()), headers: JSON_HEADERS, refusedBeforeExecution: false };
    try {
      return { status: options.status, body: JSON.stringify(await write()), headers: JSON_HEADERS, refusedBeforeExecution: false };
    } catch (error) {
      const refusal = asApiError(error, c);
      const body = JSON.stringify(toEnvelope(refusal, c.get("baseUrl"), c.get("requestId")));
      return { status: refusal.status, body, headers: JSON_HEADERS, refusedBeforeExecution: refusal.beforeExecution };
    }
  });
  return { status: outcome.status, answer: JSON.parse(outcome.body) as Record<string, unknown>, replayed: outcome.replayed };
}
