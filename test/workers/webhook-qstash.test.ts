/**
 * Webhook deliveries through QStash inside workerd, via the Worker entry: an event fans out to a
 * `webhook_delivery` message published to the QStash stand-in; the test signs that message as
 * QStash would and delivers it to /internal/jobs. A bad signature is 401 and writes nothing (no
 * attempt, the delivery untouched); the genuine one makes the attempt, logs it and publishes the
 * next attempt to QStash (the endpoint, a closed port on 127.0.0.1, refuses the connection).
 *
 * Skipped, with a warning naming the reason, when Postgres or Redis is unreachable.
 */
import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { neonDatabaseProvider } from "../../src/db/neon.js";
import { webhookAttempts, webhookDeliveries } from "../../src/db/schema/index.js";
import { workerApi } from "./api-call.js";
import type {} from "./provided-context.js";
import { recordedPublishes, qstashSignature as signDelivery } from "./qstash-delivery.js";
import type { RecordedPublish } from "./qstash-recorded.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/webhook-qstash.test] skipped: ${skipReason}`);

const PUBLIC_URL = inject("publicUrl");
const CALLBACK_URL = `${PUBLIC_URL}/internal/jobs`;

interface JobBody {
  kind: string;
  workspaceId: string;
  mode: string;
  payload: Record<string, string | number>;
}

/** The shared workspace's client, calling the Worker at its public URL. */
const api = workerApi({ origin: PUBLIC_URL });

/** Signed as QStash signs, to the callback URL. */
const qstashSignature = (key: string, body: string) => signDelivery({ key, body, url: CALLBACK_URL });

const deliver = (body: string, signature: string) =>
  SELF.fetch(CALLBACK_URL, { method: "POST", headers: { "content-type": "application/json", "upstash-signature": signature, "upstash-retried": "0" }, body });

async function deliveryMessages(endpointId: string): Promise<RecordedPublish[]> {
  const all = await recordedPublishes();
  // A repeat of a deduplication id is a message QStash drops (another file's cron sweep may re-queue
  // this pending delivery under the same id): only the messages it takes count.
  return all.filter((m) => {
    if (m.deduplicated) return false;
    const job = JSON.parse(m.body) as JobBody;
    return job.kind === "webhook_delivery" && job.payload.endpointId === endpointId;
  });
}

async function readDelivery(id: string) {
  const { db, close } = neonDatabaseProvider({ url: inject("databaseUrl"), wsProxy: inject("wsProxy") }).open();
  try {
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    const attempts = await db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, id));
    return { delivery, attempts };
  } finally {
    await close();
  }
}

describe.skipIf(skipReason)("webhook deliveries through QStash, inside workerd via the Worker entry", () => {
  it("queues a delivery on QStash; a bad signature writes nothing; the genuine callback attempts, logs and queues the retry", async () => {
    const created = await api.post("/v1/webhooks", { url: "https://closed.chorus-test.invalid/hook", events: ["account.connected"] });
    expect(created.status, created.text).toBe(201);
    const hook = created.body;
    await api.connect("bluesky", { handle: `wh-${crypto.randomUUID().slice(0, 8)}.test` });
    const [message] = await deliveryMessages(hook.id);
    if (!message) throw new Error("no webhook_delivery message was published to QStash");
    const job = JSON.parse(message.body) as JobBody;
    expect(job).toMatchObject({ kind: "webhook_delivery", mode: "test", payload: { attempt: 1, endpointId: hook.id } });
    const deliveryId = String(job.payload.deliveryId);

    const tampered = message.body.replace('"attempt":1', '"attempt":2');
    for (const [body, key] of [
      [message.body, `sig_wrong_${crypto.randomUUID()}`],
      [tampered, inject("qstashCurrentSigningKey")],
    ] as const) {
      const signature = await qstashSignature(key, message.body);
      const refused = await deliver(body, signature);
      expect(refused.status).toBe(401);
    }
    const untouched = await readDelivery(deliveryId);
    expect(untouched.delivery).toMatchObject({ state: "pending", attempts: 0, inFlightSince: null });
    expect(untouched.attempts).toEqual([]);

    const genuine = await deliver(message.body, await qstashSignature(inject("qstashCurrentSigningKey"), message.body));
    expect(genuine.status).toBe(200);
    const after = await readDelivery(deliveryId);
    expect(after.delivery).toMatchObject({ state: "pending", attempts: 1, inFlightSince: null });
    expect(after.attempts).toMatchObject([{ attempt: 1, ok: false, status: null }]);
    const queued = await deliveryMessages(hook.id);
    // The retry is queued once. The first attempt's message may have been published again by
    // another file's cron on this shared database (the stale-delivery sweep re-queues a pending
    // first attempt; QStash is at-least-once and the claim makes a repeat a no-op), so it is
    // counted apart: at least once, never a second attempt.
    const attempts = queued.map((m) => (JSON.parse(m.body) as JobBody).payload.attempt);
    expect(attempts.filter((a) => a === 2)).toHaveLength(1);
    expect(attempts.filter((a) => a !== 1 && a !== 2)).toEqual([]);
    expect(attempts.at(-1)).toBe(2);
  });
});
