import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, buildBeforeTests } from "../support/server-process.js";
import { serverScratch } from "../support/server-scratch.js";
import { httpWorkspace } from "../support/http-workspace.js";
import { WebhookReceiver, verifySignature } from "../support/webhook-receiver.js";

const waitFor = async (check: () => boolean, ms: number, what: string) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/**
 * A real server process is killed (SIGKILL) while a delivery is in flight, and started again on
 * the same data: the attempt the dead process never finished is made again, with the same event
 * id and a valid signature, once it is stale. Staleness is 30 s by default (the 10 s timeout and
 * a margin); CHORUS_WEBHOOK_STALE_SECONDS (a documented setting) shortens it to one second here,
 * so the start-up sweep of the restarted server already finds the attempt stale.
 */
buildBeforeTests();

describe("webhook delivery survives a server crash mid-delivery", () => {
  const scratch = serverScratch("chorus-webhook-crash", { stopSignal: "SIGKILL" });
  const env = { CHORUS_DATA_DIR: join(scratch.dataDir, "db"), DATABASE_URL: "", CHORUS_ALLOW_LOOPBACK_WEBHOOKS: "true", CHORUS_WEBHOOK_STALE_SECONDS: "1" };
  const receiver = new WebhookReceiver();
  afterAll(async () => {
    await receiver.stop();
  });

  it("retries the delivery after the restart", async () => {
    await receiver.start();
    // The first request is left hanging: the server is killed while waiting for the answer.
    receiver.behaviour = () => (receiver.received.length === 1 ? "hang" : { status: 200, body: "ok" });
    const port = await freePort();
    const first = await scratch.start({ port, env });
    const key = first.output().match(/^(sk_test_[0-9A-Za-z]{40})$/m)?.[1] ?? "";
    expect(key).not.toBe("");
    const ws = httpWorkspace(first.base, key);
    const hook = await ws.createWebhook({ url: receiver.url });
    await ws.connect("threads", { handle: "crash-test" });

    await waitFor(() => receiver.received.length === 1, 20_000, "the first attempt");
    const firstSeenAt = Date.now();
    await first.stop("SIGKILL");

    // Restarted as soon as the dead attempt is stale (claimed before the receiver saw it; starting
    // a server takes longer anyway), so the new process's start-up sweep re-queues it. With the
    // default staleness nothing would be re-queued before the next minute's sweep.
    await waitFor(() => Date.now() - firstSeenAt > 1_000, 2_000, "the dead attempt to be stale");
    await scratch.start({ port, env });
    await waitFor(() => receiver.received.length === 2, 30_000, "the retried attempt");
    const [dead, retried] = receiver.received;
    if (!dead || !retried) throw new Error("missing deliveries");
    expect(retried.rawBody).toBe(dead.rawBody);
    expect(retried.headers["service-event-id"]).toBe(dead.headers["service-event-id"]);
    expect(JSON.parse(retried.rawBody)).toMatchObject({ type: "account.connected", data: { handle: "crash-test" } });
    expect(verifySignature(retried, hook.secret, Math.floor(Date.now() / 1000))).toBe(true);

    // The attempt the dead process started counts: the retry is attempt 2, and the log keeps the
    // interrupted first attempt beside it.
    expect(dead.headers["service-delivery-attempt"]).toBe("1");
    expect(retried.headers["service-delivery-attempt"]).toBe("2");
    const log = await ws.read(`/v1/webhooks/${hook.id}/deliveries`);
    expect([...log.items].sort((a, b) => a.attempt - b.attempt)).toMatchObject([
      { attempt: 1, ok: false, error: expect.stringContaining("interrupted") },
      { attempt: 2, ok: true, error: null },
    ]);
  }, 150_000);
});
