import { Client, Receiver } from "@upstash/qstash";
import type { JobQueue, JobRequest } from "./job-queue-port.js";

/** Messages per `POST /v2/batch`: QStash documents no cap, so batches stay modest (SCALE-FACTS §1). */
export const QSTASH_BATCH_MAX = 100;

export interface QstashOptions {
  token: string;
  /** QStash's API; tests point it at a local stand-in. */
  baseUrl?: string | undefined;
  /** Where QStash delivers: our `/internal/jobs`, at the public URL. */
  callbackUrl: string;
}

/**
 * Delayed work on Workers: each job is a QStash message delivered to `/internal/jobs` at
 * `runAt` (`notBefore`), with the job's dedup key as QStash's deduplication id so enqueueing
 * twice sends one message. The payload carries the workspace and mode the handler acts for.
 */
export function createQstashQueue(options: QstashOptions): JobQueue {
  const client = new Client({ token: options.token, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) });
  const message = (job: JobRequest) => {
    const { workspaceId, mode, ...payload } = job.payload;
    return {
      url: options.callbackUrl,
      body: { kind: job.kind, workspaceId, mode, payload },
      notBefore: Math.ceil(job.runAt.getTime() / 1000),
      deduplicationId: job.dedupKey.replace(/[^A-Za-z0-9_.-]/g, "_"),
      retries: 5,
    };
  };
  return {
    async enqueue(job) {
      const response = await client.publishJSON(message(job));
      return { messageId: "messageId" in response ? String(response.messageId) : null };
    },
    // One subrequest per hundred jobs (a planner's shards, an event's deliveries) instead of one each.
    async enqueueMany(jobs) {
      for (let i = 0; i < jobs.length; i += QSTASH_BATCH_MAX) {
        const results: unknown[] = await client.batchJSON(jobs.slice(i, i + QSTASH_BATCH_MAX).map(message));
        // Each message succeeds or fails on its own: a failed one fails the caller, whose retry
        // republishes the lot under the same deduplication ids, so the sent ones are not doubled.
        const failed = results.find((r) => typeof r === "object" && r !== null && "error" in r);
        if (failed) throw new Error(`QStash refused a batched message: ${JSON.stringify(failed)}`);
      }
    },
  };
}

export interface JobSignatureVerifier {
  /** True when the body was signed by QStash for `url`; false (never throws) otherwise. */
  verify(input: { signature: string; body: string; url: string }): Promise<boolean>;
}

/** QStash's `Upstash-Signature` (a JWT over the raw body and the URL), current and next keys. */
export function createQstashVerifier(keys: { current: string; next: string }): JobSignatureVerifier {
  const receiver = new Receiver({ currentSigningKey: keys.current, nextSigningKey: keys.next });
  return {
    async verify(input) {
      try {
        return await receiver.verify({ signature: input.signature, body: input.body, url: input.url, clockTolerance: 5 });
      } catch {
        return false;
      }
    },
  };
}
