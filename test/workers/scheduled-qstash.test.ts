/**
 * Scheduled publishing through QStash, end to end inside workerd through the Worker entry
 * (src/worker.ts, QSTASH_TOKEN set, so delayed work goes to QStash instead of the job table):
 *
 *   POST /v1/posts (scheduledAt) -> @upstash/qstash publishJSON -> QStash stand-in (records it)
 *   test signs the recorded body as QStash would (HS256 JWT, WebCrypto) -> SELF POST /internal/jobs
 *     -> Receiver.verify(raw body, <CHORUS_PUBLIC_URL>/internal/jobs) -> handleJob -> one claim
 *
 * QStash is at-least-once, so the same signed message is delivered several times, in sequence
 * and concurrently, and the sandbox network must still receive the post once. Bad signatures
 * are 401 with the error envelope and write nothing. The count of posts the Bluesky sandbox
 * holds is read from the throwaway database (sandbox_records) through the same Neon driver the
 * Worker uses: there is no public endpoint that lists a sandbox network's posts.
 *
 * Skipped, with a warning naming the reason, when Postgres or Redis is unreachable.
 */
import { SELF } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { neonDatabaseProvider } from "../../src/db/neon.js";
import { sandboxRecords } from "../../src/db/schema/index.js";
import type { Schemas } from "../support/api-types.js";
import { reply } from "../support/workspace-fixture.js";
import { workerApi } from "./api-call.js";
import type {} from "./provided-context.js";
import { recordedPublishes, qstashSignature as signDelivery } from "./qstash-delivery.js";
import type { RecordedPublish } from "./qstash-recorded.js";

const skipReason = inject("skipReason");
if (skipReason) console.warn(`[workers/scheduled-qstash.test] skipped: ${skipReason}`);

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
const getPost = (id: string) => api.read(`/v1/posts/${id}`);

// --- QStash's side: what was published, and a delivery signed the way QStash signs it ---------

async function recordedFor(postId: string): Promise<RecordedPublish[]> {
  return (await recordedPublishes()).filter((m) => (JSON.parse(m.body) as JobBody).payload.postId === postId);
}

/** Signed as QStash signs, to the callback URL unless a test names another. */
const qstashSignature = (input: { key: string; body: string; url?: string }) => signDelivery({ ...input, url: input.url ?? CALLBACK_URL });

/** A delivery as QStash makes it: POST <destination> with the raw body and its headers. */
function deliver(body: string, signature: string | null, messageId = `msg_${crypto.randomUUID()}`): Promise<Response> {
  const headers = new Headers({ "content-type": "application/json", "upstash-message-id": messageId, "upstash-retried": "0" });
  if (signature !== null) headers.set("upstash-signature", signature);
  return SELF.fetch(CALLBACK_URL, { method: "POST", headers, body });
}

// --- The sandbox network's side: posts the Bluesky simulator holds with this text ----------------

async function blueskyPostsWithText(text: string): Promise<number> {
  const { db, close } = neonDatabaseProvider({ url: inject("databaseUrl"), wsProxy: inject("wsProxy") }).open();
  try {
    const rows = await db
      .select({ id: sandboxRecords.id })
      .from(sandboxRecords)
      .where(and(eq(sandboxRecords.platform, "bluesky"), eq(sandboxRecords.kind, "record"), sql`${sandboxRecords.data}::text like ${`%${text}%`}`));
    return rows.length;
  } finally {
    await close();
  }
}

// -------------------------------------------------------------------------------------------------

describe.skipIf(skipReason)("scheduled post through QStash, inside workerd via the Worker entry", () => {
  let accountId = "";

  beforeAll(async () => {
    accountId = (await api.connect("bluesky", { handle: `qs-${crypto.randomUUID().slice(0, 8)}.test` })).id;
  });

  /** Creates a post a minute ahead and returns it with the one QStash message it published. */
  async function schedule(text: string): Promise<{ post: Schemas["Post"]; message: RecordedPublish; notBefore: number }> {
    const notBefore = Math.ceil(Date.now() / 1000) + 60;
    const scheduledAt = new Date(notBefore * 1000).toISOString();
    const post = await api.publish({ text, accounts: [accountId], scheduledAt });
    expect(post).toMatchObject({ state: "scheduled", scheduledAt, targets: [{ account: accountId, state: "pending", networkPostId: null }] });
    const messages = await recordedFor(post.id);
    expect(messages).toHaveLength(1);
    return { post, message: messages[0] as RecordedPublish, notBefore };
  }

  it("publishes the schedule to QStash, fires once on a callback delivered twice (and twice more at once)", async () => {
    const text = `qstash once ${crypto.randomUUID()}`;
    const { post, message, notBefore } = await schedule(text);

    // What the Worker published: to the public callback, not before the scheduled second, deduplicated per post version.
    expect(message.destination).toBe(CALLBACK_URL);
    expect(message.headers["authorization"]).toBe(`Bearer ${inject("qstashToken")}`);
    expect(message.headers["upstash-not-before"]).toBe(String(notBefore));
    expect(message.headers["upstash-deduplication-id"]).toBe(`post_${post.id}_v0`);
    expect(message.headers["upstash-retries"]).toBe("5");
    expect(message.headers["upstash-method"]).toBe("POST");
    expect(message.deduplicated).toBe(false);
    const job = JSON.parse(message.body) as JobBody;
    expect(job).toEqual({ kind: "publish_scheduled", workspaceId: inject("workspaceId"), mode: "test", payload: { postId: post.id, version: 0 } });
    expect(await blueskyPostsWithText(text)).toBe(0);

    // QStash delivers at least once: the same signed message, twice in sequence.
    const signature = await qstashSignature({ key: inject("qstashCurrentSigningKey"), body: message.body });
    for (const attempt of [1, 2]) {
      const response = await deliver(message.body, signature, message.messageId);
      expect(response.status, `delivery ${attempt}: ${await response.clone().text()}`).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
    }
    const fired = await getPost(post.id);
    expect(fired).toMatchObject({ state: "published", targets: [{ account: accountId, state: "published", error: null }] });
    expect(fired.targets).toHaveLength(1);
    const networkPostId = fired.targets[0]?.networkPostId;
    expect(networkPostId).toEqual(expect.any(String));
    expect(fired.publishedAt).not.toBeNull();
    expect(await blueskyPostsWithText(text)).toBe(1);

    // Then two more copies at the same time (freshly signed, as a QStash retry would be).
    // Both signed first, so the two deliveries leave together.
    const signatures = await Promise.all([0, 1].map(() => qstashSignature({ key: inject("qstashCurrentSigningKey"), body: message.body })));
    const copies = await Promise.all(signatures.map((fresh) => deliver(message.body, fresh, message.messageId)));
    for (const response of copies) expect(response.status, await response.clone().text()).toBe(200);

    // A further delivery changes nothing either.
    expect((await deliver(message.body, signature, message.messageId)).status).toBe(200);
    const after = await getPost(post.id);
    expect(after).toEqual(fired);
    expect(after.targets[0]?.networkPostId).toBe(networkPostId);
    expect(await blueskyPostsWithText(text)).toBe(1);
  });

  it("two deliveries racing on a post still scheduled: both 200, the network gets one post", async () => {
    const text = `qstash race ${crypto.randomUUID()}`;
    const { post, message } = await schedule(text);
    const signatures = await Promise.all([0, 1].map(() => qstashSignature({ key: inject("qstashCurrentSigningKey"), body: message.body })));
    const [a, b] = await Promise.all(signatures.map((fresh) => deliver(message.body, fresh, message.messageId)));
    expect(a?.status, await a?.clone().text()).toBe(200);
    expect(b?.status, await b?.clone().text()).toBe(200);
    const fired = await getPost(post.id);
    expect(fired).toMatchObject({ state: "published", targets: [{ state: "published", networkPostId: expect.any(String) }] });
    expect(await blueskyPostsWithText(text)).toBe(1);
  });

  it("a delivery signed with the NEXT signing key (after a key roll) is accepted and fires the post", async () => {
    const text = `qstash next key ${crypto.randomUUID()}`;
    const { post, message } = await schedule(text);
    const response = await deliver(message.body, await qstashSignature({ key: inject("qstashNextSigningKey"), body: message.body }), message.messageId);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await getPost(post.id)).toMatchObject({ state: "published", targets: [{ state: "published", networkPostId: expect.any(String) }] });
    expect(await blueskyPostsWithText(text)).toBe(1);
  });

  it("bad signatures are 401 with the error envelope and change nothing", async () => {
    const text = `qstash refused ${crypto.randomUUID()}`;
    const { post, message } = await schedule(text);
    const current = inject("qstashCurrentSigningKey");
    const job = JSON.parse(message.body) as JobBody;
    // The same job in other bytes: would fire the post if the body hash were not checked.
    const tampered = JSON.stringify(job, null, 1);
    expect(tampered).not.toBe(message.body);

    const cases: Array<[string, () => Promise<Response>]> = [
      ["tampered body", async () => deliver(tampered, await qstashSignature({ key: current, body: message.body }))],
      ["wrong key", async () => deliver(message.body, await qstashSignature({ key: `sig_wrong_${crypto.randomUUID()}`, body: message.body }))],
      ["wrong sub URL", async () => deliver(message.body, await qstashSignature({ key: current, body: message.body, url: "http://example.com/internal/jobs/other" }))],
      ["another host in sub", async () => deliver(message.body, await qstashSignature({ key: current, body: message.body, url: "https://attacker.example/internal/jobs" }))],
      ["missing header", async () => deliver(message.body, null)],
      ["garbage header", async () => deliver(message.body, "not-a-jwt")],
    ];
    for (const [name, send] of cases) {
      const response = await send();
      expect(response.status, `${name}: ${await response.clone().text()}`).toBe(401);
      const { error } = await reply(response);
      for (const field of ["type", "message", "code", "param", "fix", "docs", "platform", "retryable"]) {
        expect(error, `${name}: envelope field ${field}`).toHaveProperty(field);
      }
      expect(error, name).toMatchObject({ code: "unauthorized", retryable: false });
    }

    const still = await getPost(post.id);
    expect(still).toEqual(post);
    expect(still).toMatchObject({ state: "scheduled", targets: [{ state: "pending", networkPostId: null }] });
    expect(await blueskyPostsWithText(text)).toBe(0);

    // The genuine delivery still works afterwards: the refusals claimed nothing.
    const genuine = await deliver(message.body, await qstashSignature({ key: current, body: message.body }), message.messageId);
    expect(genuine.status, await genuine.clone().text()).toBe(200);
    expect((await getPost(post.id)).state).toBe("published");
    expect(await blueskyPostsWithText(text)).toBe(1);
  });

  it("sends a scheduled thread chain once: the post and each item, however often and however concurrently QStash delivers", async () => {
    const tag = crypto.randomUUID();
    const scheduledAt = new Date((Math.ceil(Date.now() / 1000) + 60) * 1000).toISOString();
    const body = { text: `qchain 1/3 ${tag}`, accounts: [accountId], scheduledAt, thread: [{ text: `qchain 2/3 ${tag}` }, { text: `qchain 3/3 ${tag}` }] };
    const post = await api.publish(body);
    expect(post.targets[0]?.thread?.map((i) => i.state)).toEqual(["pending", "pending"]);
    const [message] = await recordedFor(post.id);
    if (!message) throw new Error("no QStash message for the scheduled chain");
    const signatures = await Promise.all([0, 1, 2].map(() => qstashSignature({ key: inject("qstashCurrentSigningKey"), body: message.body })));
    expect((await deliver(message.body, signatures[0] ?? "", message.messageId)).status).toBe(200);
    const copies = await Promise.all(signatures.slice(1).map((fresh) => deliver(message.body, fresh, message.messageId)));
    for (const response of copies) expect(response.status).toBe(200);
    const fired = await getPost(post.id);
    expect(fired.targets[0]?.thread?.map((i) => i.state)).toEqual(["published", "published"]);
    for (const n of [1, 2, 3]) expect(await blueskyPostsWithText(`qchain ${n}/3 ${tag}`), `${n}/3`).toBe(1);
  });
});
