import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { AtpAgent } from "@atproto/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGuardedFetch } from "../../src/infra/outbound/guarded-fetch.js";
import { resolveAllAddresses } from "../../src/node/node-resolve.js";
import { loadDevEnv } from "../support/pds.js";
import { skipWithout } from "../support/required-service.js";
import { hideReplyCases } from "./bluesky-appview-hide.js";
import { createThrowawayDatabase, postgresAvailable, redisAvailable, testRedisUrl, type ThrowawayDatabase } from "../support/postgres.js";
import { type TestApp, createTestApp, testNetworkDeps } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * GET /v1/notifications and POST /v1/notifications/seen with a LIVE key against a full local AT
 * Protocol network: PLC, a PDS and the bsky AppView (`TestNetwork` of @atproto/dev-env 0.3.215) on
 * this machine's PostgreSQL and Redis. A second user likes, replies to, follows and mentions the
 * connected account through the reference PDS; the AppView indexes it and Chorus reads it back.
 * Started once for this file, the only one that needs an AppView.
 */
const loaded = await loadDevEnv();
const pg = await postgresAvailable();
const redis = await redisAvailable();
const suite = "Bluesky notifications against a local AppView";
// Each missing service is named on its own; under CI=true the first one fails the file.
const skip = [skipWithout("pds", loaded, suite), skipWithout("postgres", pg, suite), skipWithout("redis", redis, suite)].includes(true);

describe.skipIf(skip)("Bluesky notifications through the API (PDS + AppView)", () => {
  let network: { pds: { url: string }; processAll(): Promise<void>; close(): Promise<void> } | null = null;
  let database: ThrowawayDatabase | null = null;
  let tmp = "";
  const previousTmp = process.env.TMPDIR;
  let t: TestApp;
  let alicePassword = "";
  let bob: AtpAgent;
  let aliceDid = "";

  beforeAll(async () => {
    if (!loaded.ok) return;
    // dev-env leaves data folders in os.tmpdir(): keep them in a throwaway folder of ours.
    tmp = path.resolve(process.cwd(), ".tmp", `appview-${randomUUID()}`);
    await mkdir(tmp, { recursive: true });
    process.env.TMPDIR = tmp;
    process.env.REDIS_HOST = new URL(testRedisUrl()).host;
    database = await createThrowawayDatabase();
    const schema = `chorus_${randomUUID()
      .replace(/[^a-f]/g, "")
      .slice(0, 12)}`;
    network = await loaded.devEnv.TestNetwork.create({ dbPostgresUrl: database.url, dbPostgresSchema: schema });
    const service = network.pds.url;

    const alice = new AtpAgent({ service });
    await alice.com.atproto.server.createAccount({ email: "alice@example.test", handle: "alice.test", password: "alice-main-password" });
    await alice.login({ identifier: "alice.test", password: "alice-main-password" });
    aliceDid = alice.session?.did ?? "";
    alicePassword = (await alice.com.atproto.server.createAppPassword({ name: "chorus" })).data.password;
    bob = new AtpAgent({ service });
    await bob.com.atproto.server.createAccount({ email: "bob@example.test", handle: "bob.test", password: "bob-main-password" });
    await bob.login({ identifier: "bob.test", password: "bob-main-password" });

    const guardedFetch = createGuardedFetch({ resolve: resolveAllAddresses, fetch: (input, init) => fetch(input, init), allowLoopbackHttp: true });
    t = await createTestApp({ deps: { networks: testNetworkDeps({ liveFetch: (input, init) => fetch(input, init), guardedFetch, blueskyServiceUrl: service }) } });
  }, 180_000);

  afterAll(async () => {
    // processAll before close: TestNetwork.close() can hang in the AppView's subscription otherwise.
    await network?.processAll().catch(() => undefined);
    await network?.close();
    await database?.close();
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
    if (tmp) await rm(tmp, { recursive: true, force: true });
  }, 120_000);

  it("shows another user's like, reply, follow and mention with their kinds, actor and subject, and marks them seen", async () => {
    if (!network) throw new Error("no network");
    const ws = await testWorkspace(t, { mode: "live", grantCredits: 10 });
    const account = (await ws.connect("bluesky", { handle: "alice.test", appPassword: alicePassword })).id;
    const post = await ws.publish({ text: "Alice's post, published through Chorus", accounts: [account] });
    const uri = post.targets[0]?.networkPostId ?? "";
    await network.processAll();

    const { data: record } = await bob.com.atproto.repo.getRecord({ repo: aliceDid, collection: "app.bsky.feed.post", rkey: uri.split("/").pop() ?? "" });
    const ref = { uri, cid: record.cid ?? "" };
    await bob.like(ref.uri, ref.cid);
    await bob.post({ text: "Bob's reply", reply: { root: ref, parent: ref } });
    await bob.follow(aliceDid);
    const mention = "@alice.test hello from Bob";
    await bob.post({
      text: mention,
      facets: [{ index: { byteStart: 0, byteEnd: "@alice.test".length }, features: [{ $type: "app.bsky.richtext.facet#mention", did: aliceDid }] }],
    });
    await network.processAll();

    const page = await ws.read("/v1/notifications");
    expect(page.problems).toEqual([]);
    expect(page.items.map((n) => n.kind).sort()).toEqual(["follows", "likes", "mentions", "replies"]);
    for (const n of page.items) expect(n).toMatchObject({ account, actor: { handle: "bob.test" } });
    expect(page.items.find((n) => n.kind === "likes")?.subject).toMatchObject({ postId: post.id, networkPostId: uri });
    expect(page.items.find((n) => n.kind === "replies")).toMatchObject({ text: "Bob's reply", subject: { postId: post.id, networkPostId: uri } });
    expect(page.items.find((n) => n.kind === "mentions")?.text).toBe(mention);
    expect(page.items.find((n) => n.kind === "follows")?.subject).toBeNull();

    t.clock.set(new Date(Date.now() + 1000));
    const seen = await ws.post("/v1/notifications/seen");
    expect(seen.status, seen.text).toBe(200);
    const body = seen.body;
    expect(body).toMatchObject({ marked: [{ account, platform: "bluesky" }], skipped: [] });
    // updateSeen reached the AppView: it reports Alice's seenAt as the one Chorus sent.
    const aliceView = new AtpAgent({ service: network.pds.url });
    await aliceView.login({ identifier: "alice.test", password: "alice-main-password" });
    const { data } = await aliceView.app.bsky.notification.listNotifications({ limit: 1 });
    expect(Date.parse(data.seenAt ?? "")).toBe(Date.parse(body.seenAt));
    const after = await ws.read("/v1/notifications");
    expect(after.items.every((n) => n.seen)).toBe(true);
  }, 120_000);

  // Further cases on the same network: it is started once for this file.
  hideReplyCases(() => {
    if (!network) throw new Error("no network");
    return { network, t };
  });
});
