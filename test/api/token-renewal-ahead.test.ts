import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, socialAccounts } from "../../src/db/schema/index.js";
import { sweepExpiringTokens } from "../../src/domain/accounts/sweep-expiring-tokens.js";
import { sealTokens } from "../../src/domain/accounts/token-vault.js";
import { sweepEveryHour } from "../../src/node/job-poller.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import type { TokenSet } from "../../src/networks/types.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { jpeg } from "../unit/media-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * Instagram-login and Threads tokens last 60 days and Meta renews one only while it is valid:
 * an account nobody uses for two months must be renewed in the background, or it dies. The
 * sandbox's clock moves with the app's, and its simulators refuse to refresh an expired token.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const DAY = 24 * 60 * 60_000;
let counter = 0;

async function connect(ws: WorkspaceFixture, platform: PlatformId, variant?: string): Promise<string> {
  counter += 1;
  const response = await ws.post("/v1/social-accounts/connect", { platform, handle: `renew_${platform.slice(0, 4)}_${counter}`, ...(variant ? { variant } : {}) });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

const accountRow = async (id: string) => {
  const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, id));
  if (!row) throw new Error(`no account ${id}`);
  return row;
};
const expiryOf = async (id: string) => (await accountRow(id)).tokenExpiresAt?.getTime() ?? 0;
const eventsOf = (workspaceId: string, type: string) =>
  t.db
    .select()
    .from(events)
    .where(and(eq(events.workspaceId, workspaceId), eq(events.type, type)));
const setFault = (ws: WorkspaceFixture, id: string, fault: string | null) => ws.put(`/v1/sandbox/social-accounts/${id}/fault`, { fault });

/** Moves the clock to `day` days after `start` and runs the Node poller's hourly sweep there. */
async function sweepOnDay(start: number, day: number): Promise<void> {
  t.clock.set(new Date(start + day * DAY));
  await sweepEveryHour(t.jobRuntime());
}

/** Publishes now to each account (an image, which Instagram needs) and answers each target's final state, or its error code. */
async function publish(ws: WorkspaceFixture, accounts: string[], platformOptions: Record<string, unknown> = {}): Promise<Record<string, string>> {
  const uploaded = await ws.post("/v1/media", undefined, { raw: jpeg(1080, 1080), headers: { "content-type": "image/jpeg" } });
  expect(uploaded.status, uploaded.text).toBe(201);
  const media = uploaded.body.id;
  const response = await ws.post("/v1/posts", { text: `Still here ${counter++}`, media: [media], accounts, platformOptions });
  expect(response.status, response.text).toBe(201);
  const { id } = response.body;
  // Instagram and Threads publish a container the network processes first: the jobs finish it.
  let targets: { account: string; state: string; error: { code?: string } | null }[] = [];
  for (let i = 0; i < 20; i++) {
    targets = (await ws.get(`/v1/posts/${id}`)).body.targets;
    if (targets.every((target) => target.state !== "processing")) break;
    t.clock.advance(30_000);
    await t.drainJobs();
  }
  return Object.fromEntries(targets.map((target) => [target.account, target.error?.code ?? target.state]));
}

describe("tokens renewed ahead of expiry", () => {
  it("renews Instagram-login, Threads and Pinterest tokens in the background, so a post on day 61 still goes out", async () => {
    const start = t.clock.now().getTime();
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
    const instagram = await connect(ws, "instagram", "instagram_login");
    const threads = await connect(ws, "threads");
    const x = await connect(ws, "twitter");
    const pinterest = await connect(ws, "pinterest");
    const targets = (await ws.get(`/v1/social-accounts/${pinterest}/targets`)).body;
    const boardId = targets.items[0]?.id ?? "";
    const first = { instagram: await expiryOf(instagram), threads: await expiryOf(threads) };
    for (const expiry of Object.values(first)) expect(expiry - start).toBeGreaterThan(59 * DAY);

    // Day 1: far from expiry, nothing to do.
    await sweepOnDay(start, 1);
    expect({ instagram: await expiryOf(instagram), threads: await expiryOf(threads) }).toEqual(first);

    // Then daily, as the hourly sweep would: the first window opens for Pinterest (a 30-day
    // access token) on day 20 and for Instagram and Threads on day 50; by day 52 all are renewed.
    for (let day = 2; day <= 52; day++) await sweepOnDay(start, day);
    for (const id of [instagram, threads]) {
      expect((await expiryOf(id)) - (start + 52 * DAY)).toBeGreaterThan(50 * DAY);
      expect((await accountRow(id)).status).toBe("active");
    }
    expect((await expiryOf(pinterest)) - (start + 52 * DAY)).toBeGreaterThan(10 * DAY);

    // Day 61: the first tokens are dead; the renewed ones still work, and so does X's refresh token.
    for (let day = 53; day <= 61; day++) await sweepOnDay(start, day);
    const states = await publish(ws, [instagram, threads, x, pinterest], { pinterest: { boardId, title: "Still here" } });
    expect(states).toEqual({ [instagram]: "published", [threads]: "published", [x]: "published", [pinterest]: "published" });
    expect(await eventsOf(ws.id, "account.needs_reauth")).toHaveLength(0);
    expect(await eventsOf(ws.id, "account.token_expiring")).toHaveLength(0);
  });

  it("retries a renewal that fails for now, and warns with account.token_expiring before the token dies", async () => {
    const start = t.clock.now().getTime();
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
    const instagram = await connect(ws, "instagram", "instagram_login");
    const threads = await connect(ws, "threads");
    const expiries = { [instagram]: await expiryOf(instagram), [threads]: await expiryOf(threads) };
    for (const id of [instagram, threads]) expect((await setFault(ws, id, "down")).status).toBe(200);

    // Day 51, nine days left: the renewal fails, the account stays active, no warning yet.
    await sweepOnDay(start, 51);
    for (const id of [instagram, threads]) {
      expect(await expiryOf(id)).toBe(expiries[id]);
      expect((await accountRow(id)).status).toBe("active");
    }
    expect(await eventsOf(ws.id, "account.token_expiring")).toHaveLength(0);

    // Day 54, six days left: still failing, so the workspace is warned, once per token.
    await sweepOnDay(start, 54);
    await sweepOnDay(start, 54 + 1 / 24);
    // The daily sweep for tokens that cannot be renewed adds nothing for these.
    await sweepExpiringTokens(t.jobRuntime());
    const warned = await eventsOf(ws.id, "account.token_expiring");
    expect(warned.map((e) => e.data.id).sort()).toEqual([instagram, threads].sort());
    for (const event of warned) {
      const id = String(event.data.id);
      expect(event.data).toMatchObject({ status: "active", expiresAt: new Date(expiries[id] ?? 0).toISOString(), reconnectUrl: expect.stringContaining("/connect/") });
    }

    // Day 55: the network is back; the next run renews both, and day 61 publishes.
    for (const id of [instagram, threads]) await setFault(ws, id, null);
    await sweepOnDay(start, 55);
    for (const id of [instagram, threads]) {
      expect((await expiryOf(id)) - (start + 55 * DAY)).toBeGreaterThan(59 * DAY);
      expect(await accountRow(id)).toMatchObject({ renewalFailures: 0, renewalRetryAt: null });
    }
    await sweepOnDay(start, 61);
    expect(await publish(ws, [instagram, threads])).toEqual({ [instagram]: "published", [threads]: "published" });
    expect(await eventsOf(ws.id, "account.token_expiring")).toHaveLength(2);
  });

  it("lets a failing account wait its turn, so a hundred failing ones do not starve the renewals behind them", async () => {
    // Past the end of every token the tests before connected, so none takes a place in the batches.
    t.clock.advance(100 * DAY);
    const start = t.clock.now().getTime();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const healthy = await connect(ws, "threads");
    const expiry = await expiryOf(healthy);
    // 101 live Threads accounts expiring an hour before it, which this deployment has no live
    // Threads app for: their renewals fail for now, run after run. Stored directly, for speed.
    const failing = await Promise.all(
      Array.from({ length: 101 }, async (_, i) => {
        const id = `acc_backoff_${ws.id}_${i}`;
        const tokens: TokenSet = { accessToken: `live-${i}`, refreshToken: null, expiresAt: new Date(expiry - 60 * 60_000).toISOString(), refreshExpiresAt: null, scopes: [], extra: {} };
        return {
          id,
          workspaceId: ws.id,
          platform: "threads" as const,
          mode: "live" as const,
          networkUserId: `backoff_${i}`,
          handle: `backoff_${i}`,
          status: "active" as const,
          tokensEncrypted: await sealTokens(t.deps.cipher, id, tokens),
          tokenExpiresAt: new Date(expiry - 60 * 60_000),
          scopes: [],
        };
      }),
    );
    await t.db.insert(socialAccounts).values(failing);
    const failures = async () =>
      (
        await t.db
          .select()
          .from(socialAccounts)
          .where(like(socialAccounts.id, `acc_backoff_${ws.id}_%`))
      )
        .map((row) => row.renewalFailures)
        .sort((a, b) => a - b);

    // Day 51: the hundred nearest expiries take the whole batch and fail.
    await sweepOnDay(start, 51);
    expect(await expiryOf(healthy)).toBe(expiry);
    expect(await failures()).toEqual([...Array(1).fill(0), ...Array(100).fill(1)]);

    // An hour on, those hundred wait: the last failing one and the healthy one get their turn.
    await sweepOnDay(start, 51 + 1 / 24);
    expect((await expiryOf(healthy)) - (start + 51 * DAY)).toBeGreaterThan(59 * DAY);
    expect(await failures()).toEqual(Array(101).fill(1));

    // Four hours after their failure, the first hundred are tried again, and wait longer now.
    await sweepOnDay(start, 51 + 4 / 24);
    expect(await failures()).toEqual([...Array(1).fill(1), ...Array(100).fill(2)]);
    for (const row of failing) expect((await accountRow(row.id)).status).toBe("active");
  });

  it("makes a failing account wait even once the network is back, until it is connected again", async () => {
    const start = t.clock.now().getTime();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const threads = await connect(ws, "threads");
    const { handle } = await accountRow(threads);
    const expiry = await expiryOf(threads);
    await setFault(ws, threads, "down");
    await sweepOnDay(start, 51);
    await setFault(ws, threads, null);
    await sweepOnDay(start, 51 + 1 / 24);
    expect(await expiryOf(threads)).toBe(expiry);
    expect((await accountRow(threads)).renewalFailures).toBe(1);

    const again = await ws.post("/v1/social-accounts/connect", { platform: "threads", handle });
    expect(again.body.id).toBe(threads);
    expect(await accountRow(threads)).toMatchObject({ renewalFailures: 0, renewalRetryAt: null });
  });

  it("turns an account needs_reauth when the network refuses the renewal for good", async () => {
    const start = t.clock.now().getTime();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const threads = await connect(ws, "threads");
    await setFault(ws, threads, "expired_token");
    await sweepOnDay(start, 52);
    expect((await accountRow(threads)).status).toBe("needs_reauth");
    const reauth = await eventsOf(ws.id, "account.needs_reauth");
    expect(reauth.map((e) => e.data.id)).toEqual([threads]);
    expect(await eventsOf(ws.id, "account.token_expiring")).toHaveLength(0);
  });

  it("leaves tokens that cannot be renewed to the expiry warning", async () => {
    const start = t.clock.now().getTime();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const viaFacebook = await connect(ws, "instagram", "facebook_login");
    const facebook = await connect(ws, "facebook");
    const before = { viaFacebook: await expiryOf(viaFacebook), facebook: await expiryOf(facebook) };
    await sweepOnDay(start, 54);
    expect({ viaFacebook: await expiryOf(viaFacebook), facebook: await expiryOf(facebook) }).toEqual(before);
    await sweepExpiringTokens(t.jobRuntime());
    expect((await eventsOf(ws.id, "account.token_expiring")).map((e) => e.data.id).sort()).toEqual([viaFacebook, facebook].sort());
  });
});
