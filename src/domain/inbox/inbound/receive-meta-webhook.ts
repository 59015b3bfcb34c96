import type { JobQueue } from "../../core/index.js";
import type { Database } from "../../../db/types.js";
import type { Clock } from "../../../infra/clock.js";
import { ApiError } from "../../../infra/errors.js";
import type { NetworkDeps } from "../../core/index.js";
import { parseMetaWebhook } from "./meta-payload.js";
import { verifyMetaSignature } from "./meta-signature.js";
import { type InboundScope, recordInbound } from "./record-inbound.js";

export interface InboundRuntime {
  db: Database;
  clock: Clock;
  /** Where the recorded events' webhook deliveries are queued. */
  jobs: JobQueue;
}

/** The deployment's Meta app secrets: Facebook, Instagram and Threads may be one app or three. */
export function metaAppSecrets(networks: NetworkDeps): string[] {
  const secrets = (["facebook", "instagram", "threads"] as const).map((p) => networks.appCredentials[p]?.clientSecret).filter((s): s is string => Boolean(s));
  return [...new Set(secrets)];
}

/**
 * One Meta webhook delivery (POST /webhooks/meta, or a sandbox network's signed callback). The
 * signature is checked on the raw bytes before anything is parsed or written: a bad or missing
 * one is 401 `unauthorized` and records nothing. A signed body we cannot read is
 * answered as received, since Meta would only retry the same bytes.
 */
export async function receiveMetaWebhook(
  runtime: InboundRuntime,
  input: { rawBody: Uint8Array<ArrayBuffer>; signature: string | undefined; secrets: readonly string[]; scope: InboundScope },
): Promise<{ recorded: number }> {
  if (!(await verifyMetaSignature(input.rawBody, input.signature, input.secrets))) {
    // The same 401 as a refused API key (as /internal/jobs answers QStash): the caller failed to prove who it is.
    throw new ApiError("unauthorized", {
      message: input.signature ? "The X-Hub-Signature-256 header does not match the body; nothing was recorded." : "The X-Hub-Signature-256 header is missing; nothing was recorded.",
      fix: "Only Meta may call this endpoint, signing with the app secret: check that CHORUS_FACEBOOK_CLIENT_SECRET, CHORUS_INSTAGRAM_CLIENT_SECRET or CHORUS_THREADS_CLIENT_SECRET holds the secret of the app Meta sends from.",
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(input.rawBody));
  } catch {
    return { recorded: 0 };
  }
  const now = runtime.clock.now();
  return { recorded: await recordInbound(runtime.db, runtime.jobs, parseMetaWebhook(body, now), input.scope, now) };
}

const digest = async (text: string) => new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));

/**
 * Meta's subscription handshake: `hub.mode=subscribe` with our verify token gets `hub.challenge`
 * echoed; anything else is 403. The tokens are compared as digests, byte by byte to the end, so
 * the time taken says nothing about how much of a guess was right.
 */
export async function answerMetaHandshake(query: { mode?: string | undefined; token?: string | undefined; challenge?: string | undefined }, verifyToken: string | undefined): Promise<string> {
  const refuse = () => new ApiError("webhook_verify_token_invalid");
  if (!verifyToken || query.mode !== "subscribe" || query.token === undefined || query.challenge === undefined) throw refuse();
  const [given, expected] = await Promise.all([digest(query.token), digest(verifyToken)]);
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= (given[i] ?? 0) ^ (expected[i] ?? 0);
  if (difference !== 0) throw refuse();
  return query.challenge;
}
