import { Client, Receiver } from "@upstash/qstash";
import { afterEach, describe, expect, it } from "vitest";
import { type Delivery, type QstashStandIn, backoffMs, startDeliveringQstash } from "../../bench/scale/qstash-standin.js";

const TOKEN = "standin-token";
const CURRENT = "sig_current_key_for_the_standin_test";
const NEXT = "sig_next_key_for_the_standin_test";
const DEST = "https://chorus.example/internal/jobs";

let standIn: QstashStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

/** A stand-in on a clock the test moves, recording deliveries and answering with `status()`. */
async function start(status: (d: Delivery) => number = () => 200) {
  const clock = { now: Date.UTC(2027, 0, 1) };
  const delivered: Delivery[] = [];
  standIn = await startDeliveringQstash({
    token: TOKEN,
    signingKey: CURRENT,
    now: () => clock.now,
    deliver: async (d) => {
      delivered.push(d);
      return { status: status(d) };
    },
  });
  const client = new Client({ token: TOKEN, baseUrl: standIn.url });
  return { clock, delivered, client, standIn };
}

describe("the scale bench's delivering QStash stand-in", () => {
  it("delivers at Upstash-Not-Before on its clock, signed so @upstash/qstash's Receiver accepts it", async () => {
    const { clock, delivered, client, standIn } = await start();
    await client.publishJSON({ url: DEST, body: { kind: "poll_inbox" }, notBefore: Math.floor(clock.now / 1000) + 90 });
    expect(await standIn.deliverDue()).toBe(0);
    clock.now += 89_000;
    expect(await standIn.deliverDue()).toBe(0);
    clock.now += 1_000;
    expect(await standIn.deliverDue()).toBe(1);
    const [d] = delivered;
    expect(d?.body).toBe(JSON.stringify({ kind: "poll_inbox" }));
    const receiver = new Receiver({ currentSigningKey: CURRENT, nextSigningKey: NEXT });
    await expect(receiver.verify({ signature: d?.headers["upstash-signature"] ?? "", body: d?.body ?? "", url: DEST })).resolves.toBe(true);
    await expect(receiver.verify({ signature: d?.headers["upstash-signature"] ?? "", body: `${d?.body} `, url: DEST })).rejects.toThrow(/body hash/);
    await expect(new Receiver({ currentSigningKey: NEXT, nextSigningKey: NEXT }).verify({ signature: d?.headers["upstash-signature"] ?? "", body: d?.body ?? "" })).rejects.toThrow();
  });

  it("takes Upstash-Delay, and drops a repeated deduplication id for ten minutes only", async () => {
    const { clock, client, standIn } = await start();
    const first = await client.publishJSON({ url: DEST, body: { n: 1 }, delay: 30, deduplicationId: "poll:acc_1:7" });
    const again = await client.publishJSON({ url: DEST, body: { n: 2 }, deduplicationId: "poll:acc_1:7" });
    expect(again.messageId).toBe(first.messageId);
    expect(standIn.stats).toMatchObject({ messages: 1, deduplicated: 1 });
    clock.now += 29_000;
    expect(await standIn.deliverDue()).toBe(0);
    clock.now += 1_000;
    expect(await standIn.deliverDue()).toBe(1);
    clock.now += 10 * 60_000;
    const later = await client.publishJSON({ url: DEST, body: { n: 3 }, deduplicationId: "poll:acc_1:7" });
    expect(later.messageId).not.toBe(first.messageId);
    expect(standIn.stats.messages).toBe(2);
  });

  it("publishes a batch as one request with a result per item", async () => {
    const { delivered, client, standIn } = await start();
    const results = await client.batchJSON([
      { url: DEST, body: { shard: 0 } },
      { url: DEST, body: { shard: 1 }, deduplicationId: "shard-1" },
      { url: DEST, body: { shard: 1 }, deduplicationId: "shard-1" },
    ]);
    expect(results).toHaveLength(3);
    expect(standIn.stats).toMatchObject({ batchRequests: 1, publishRequests: 0, messages: 2, deduplicated: 1 });
    expect(await standIn.deliverDue()).toBe(2);
    expect(delivered.map((d) => JSON.parse(d.body))).toEqual(expect.arrayContaining([{ shard: 0 }, { shard: 1 }]));
  });

  it("retries a failed delivery after QStash's default backoff, then gives up after Upstash-Retries", async () => {
    const { clock, delivered, client, standIn } = await start(() => 500);
    await client.publishJSON({ url: DEST, body: {}, retries: 2 });
    expect(await standIn.deliverDue()).toBe(1);
    clock.now += backoffMs(1) - 1;
    expect(await standIn.deliverDue()).toBe(0);
    clock.now += 1;
    expect(await standIn.deliverDue()).toBe(1);
    expect(delivered[1]?.headers["upstash-retried"]).toBe("1");
    clock.now += backoffMs(2);
    expect(await standIn.deliverDue()).toBe(1);
    clock.now += backoffMs(3);
    expect(await standIn.deliverDue()).toBe(0);
    expect(standIn.stats).toMatchObject({ deliveries: 3, failedDeliveries: 3, dead: 1 });
    expect(backoffMs(1)).toBeCloseTo(Math.exp(2.5) * 1000);
  });

  it("refuses a publish without the token", async () => {
    const { standIn } = await start();
    const response = await fetch(`${standIn.url}/v2/publish/${DEST}`, { method: "POST", body: "{}" });
    expect(response.status).toBe(401);
  });
});
