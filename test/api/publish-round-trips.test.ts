import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { postTargets, workspaces } from "../../src/db/schema/index.js";
import { recordTargetOutcome } from "../../src/domain/publishing/posts/record-outcome.js";
import { ApiError } from "../../src/infra/errors.js";
import { recordStatements } from "../support/count-statements.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { keyContext } from "../support/key-context.js";

async function connectBluesky(ws: WorkspaceFixture, handle: string): Promise<string> {
  const response = await ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle, appPassword: "abcd-efgh-ijkl-mnop" });
  expect(response.status).toBe(201);
  return response.body.id;
}

/** Chorus's statements on post targets (the simulators keep their own tables). */
const onTargets = (statements: string[]) => statements.filter((s) => /post_targets/.test(s));

describe("publishing's round trips", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("claims all of a post's targets in one statement and records each outcome in one", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
    const accounts = [];
    for (const n of [1, 2, 3, 4]) accounts.push(await connectBluesky(ws, `rt-${n}.test`));
    const publish = async (ids: string[], text: string) => {
      const recorder = recordStatements(t.db);
      try {
        const response = await ws.post("/v1/posts", { text, accounts: ids });
        expect(response.status).toBe(201);
        const post = response.body;
        expect(post.targets.map((x) => x.state)).toEqual(ids.map(() => "published"));
      } finally {
        recorder.stop();
      }
      return onTargets(recorder.statements);
    };
    const one = await publish(accounts.slice(0, 1), "one target");
    const four = await publish(accounts, "four targets");
    const claims = (list: string[]) => list.filter((s) => /^update "post_targets" set "state" = \$\d+, "attempt_started_at"/.test(s)).length;
    expect(claims(one)).toBe(1);
    expect(claims(four)).toBe(1);
    // Three more targets: at most three more outcome statements (published outcomes that land
    // together share one, outcome-recorder.ts), nothing else.
    expect(four.length - one.length).toBeGreaterThanOrEqual(0);
    expect(four.length - one.length).toBeLessThanOrEqual(3);
  });

  it("gives a monthly credit back only in the month it was reserved", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connectBluesky(ws, "monthly.test");
    await ws.put(`/v1/sandbox/social-accounts/${bsky}/fault`, { fault: "down" });
    const send = async (text: string) => {
      await ws.post("/v1/posts", { text, accounts: [bsky] });
      const rows = await t.db.select().from(postTargets).where(eq(postTargets.workspaceId, ws.id));
      return rows.find((r) => r.state === "unknown")?.id ?? "";
    };
    const ctx = await keyContext(t, ws);
    const failure = { state: "failed" as const, error: new ApiError("platform_unavailable", { platform: "bluesky" }) };
    const monthly = async () => (await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id)))[0]?.testCreditsMonthly;

    const before = await monthly();
    const thisMonth = await send("this month");
    expect(await monthly()).toBe((before ?? 0) - 1);
    expect(await recordTargetOutcome(ctx, thisMonth, failure)).toBe(true);
    expect(await monthly()).toBe(before);

    const lastMonth = await send("reserved last month");
    t.clock.advance(32 * 24 * 3600 * 1000);
    expect(await recordTargetOutcome(ctx, lastMonth, failure)).toBe(true);
    // The stored count belongs to the old period: nothing was given back to it.
    expect(await monthly()).toBe((before ?? 0) - 1);
  });
});

describeOnEachDatabase("recording racing outcomes of one target", (app) => {
  it("refunds a failed target's credit to its bucket in the statement that records it, once", async () => {
    // A test key spends the test ledger: five granted credits, no monthly ones.
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await connectBluesky(ws, "refund.test");
    await ws.put(`/v1/sandbox/social-accounts/${bsky}/fault`, { fault: "down" });
    await t.db.update(workspaces).set({ testCreditsMonthly: 0, testCreditsPack: 5 }).where(eq(workspaces.id, ws.id));
    const post = (await ws.post("/v1/posts", { text: "maybe sent", accounts: [bsky] })).body;
    const [target] = await t.db.select().from(postTargets).where(eq(postTargets.workspaceId, ws.id));
    expect(target).toMatchObject({ state: "unknown", creditSource: "test_pack", credits: 1 });
    const packAfterReserve = (await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id)))[0]?.testCreditsPack;
    expect(packAfterReserve).toBe(4);
    const ctx = await keyContext(t, ws);
    const recorder = recordStatements(t.db);
    const failure = { state: "failed" as const, error: new ApiError("platform_unavailable", { platform: "bluesky" }) };
    const [first, second] = await Promise.all([recordTargetOutcome(ctx, target?.id ?? "", failure), recordTargetOutcome(ctx, target?.id ?? "", failure)]);
    recorder.stop();
    expect([first, second].sort()).toEqual([false, true]);
    expect(recorder.statements).toHaveLength(2);
    const [row] = await t.db.select().from(workspaces).where(eq(workspaces.id, ws.id));
    expect(row).toMatchObject({ testCreditsPack: 5, testCreditsMonthly: 0 });
    const [stored] = await t.db
      .select()
      .from(postTargets)
      .where(eq(postTargets.id, target?.id ?? ""));
    expect(stored).toMatchObject({ state: "failed", credits: 0, creditSource: null, error: { code: "platform_unavailable", platform: "bluesky" } });
    expect(post.targets[0]?.state).toBe("unknown");
  });
});
