import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { agentSpend, postTargets, socialAccounts } from "../../src/db/schema/index.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { handleJob } from "../../src/jobs/handle-job.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { domainServices } from "../../src/http/domain-services.js";
import { type AgentTokens, agentRequest, approvedAgent, token } from "../support/agent-oauth.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type Reply, type WorkspaceFixture, reply, testWorkspace, workspaceFixture } from "../support/workspace-fixture.js";

/**
 * An agent's daily spend follows the credit ledger: what a scheduled post charged it comes back
 * when the post is cancelled or a target is not sent, once, on the day it was charged.
 */

let t: TestApp;
let runtime: JobRuntime;
beforeAll(async () => {
  t = await createTestApp();
  runtime = { db: t.db, clock: t.clock, services: domainServices(t.deps, "http://chorus.test") };
});

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: "bluesky" | "linkedin"): Promise<string> {
  counter += 1;
  const handle = platform === "bluesky" ? `cancel${counter}.test` : `cancel_li_${counter}`;
  return (await ws.connect(platform, { handle })).id;
}

type Agent = WorkspaceFixture;

/** The typed calls with an agent's access token (checked against /openapi.json like a key's). */
function asAgent(ws: WorkspaceFixture, accessToken: string): Agent {
  return workspaceFixture(t, { id: ws.id, key: accessToken, keyId: "", request: agentRequest(t, accessToken) });
}

async function spent(agent: Agent): Promise<{ spentToday: number; creditsLeftToday: number }> {
  const me = await agent.read("/v1/me");
  expect(me.agent, "an agent's /v1/me names the agent").not.toBeNull();
  return { spentToday: me.agent?.spentToday ?? -1, creditsLeftToday: me.agent?.creditsLeftToday ?? -1 };
}

async function ledger(agentId: string) {
  const rows = await t.db.select().from(agentSpend).where(eq(agentSpend.agentId, agentId));
  const sum = (day?: string) => rows.filter((r) => day === undefined || r.day === day).reduce((total, r) => total + r.amount, 0);
  return { rows, charges: rows.filter((r) => r.kind === "charge"), refunds: rows.filter((r) => r.kind === "refund"), sum };
}

/** Target ids are not in the API's post record; the ledger names them. */
async function targetIds(postId: string, platform?: string): Promise<string[]> {
  const rows = await t.db.select({ id: postTargets.id, platform: postTargets.platform }).from(postTargets).where(eq(postTargets.postId, postId));
  return rows.filter((r) => platform === undefined || r.platform === platform).map((r) => r.id);
}

const later = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();

const schedule = (agent: Agent, accounts: string[], text: string, inMs = 3600_000) => agent.publish({ text, accounts, scheduledAt: later(inMs) });

const publisher = { profiles: "all" as const, platforms: "all" as const, actions: ["read", "draft", "publish_or_schedule", "delete"] };

describe("an agent's spend on scheduled posts comes back when they are not sent", () => {
  it("charges a scheduled post once when the agent publishes it ahead of its time, even at its daily cap", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
    const bsky = await connect(ws, "bluesky");
    const { tokens, agentId } = await approvedAgent(t, ws, { ...publisher, creditsPerDay: 1 });
    const agent = asAgent(ws, tokens.access_token);
    const post = await schedule(agent, [bsky], "scheduled, then sent now by the agent");
    expect(await spent(agent)).toEqual({ spentToday: 1, creditsLeftToday: 0 });
    // Charged when it was scheduled, as its delivery would have been: sending it now costs the allowance nothing more.
    const now = await agent.post(`/v1/posts/${post.id}/publish`);
    expect(now.status, now.text).toBe(200);
    expect(now.body.state).toBe("published");
    expect(await spent(agent)).toEqual({ spentToday: 1, creditsLeftToday: 0 });
    expect((await ledger(agentId)).sum()).toBe(1);
  });

  it("refunds a cancelled scheduled post's targets, once, whether the agent or the owner cancels", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
    const bsky = await connect(ws, "bluesky");
    const linkedin = await connect(ws, "linkedin");
    const { tokens, agentId } = await approvedAgent(t, ws, { ...publisher, creditsPerDay: 3 });
    const agent = asAgent(ws, tokens.access_token);

    const first = await schedule(agent, [bsky, linkedin], "two targets, cancelled by the agent");
    expect(await spent(agent)).toEqual({ spentToday: 2, creditsLeftToday: 1 });
    const cancelled = await agent.delete(`/v1/posts/${first.id}`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toEqual({ id: first.id, cancelled: true, deleted: false });
    expect(await spent(agent)).toEqual({ spentToday: 0, creditsLeftToday: 3 });

    // Cancelling again is refused and gives nothing more back.
    const again = await agent.delete(`/v1/posts/${first.id}`);
    expect(again.status).toBe(409);
    expect(again.error.code).toBe("post_state_invalid");
    expect(await spent(agent)).toEqual({ spentToday: 0, creditsLeftToday: 3 });

    // The owner's key cancels the agent's post: the refund still goes to the agent that paid.
    const second = await schedule(agent, [bsky], "cancelled by the owner");
    expect((await spent(agent)).spentToday).toBe(1);
    expect((await ws.delete(`/v1/posts/${second.id}`)).status).toBe(200);
    expect(await spent(agent)).toEqual({ spentToday: 0, creditsLeftToday: 3 });

    // The refunded allowance is really usable: three credits, then the cap.
    await schedule(agent, [bsky, linkedin], "spends two");
    expect((await agent.post("/v1/posts", { text: "spends the third", accounts: [bsky] })).status).toBe(201);
    const over = await agent.post("/v1/posts", { text: "one too many", accounts: [bsky] });
    expect(over.error.code).toBe("agent_grant_daily_credits");

    const book = await ledger(agentId);
    expect(book.refunds.map((r) => r.subject).sort()).toEqual([...(await targetIds(first.id)), ...(await targetIds(second.id))].sort());
    expect(book.refunds.every((r) => r.amount === -1)).toBe(true);
    expect(book.sum()).toBe(3);
  });

  it("books the refund on the day the post was scheduled, not the day it was cancelled", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
    const bsky = await connect(ws, "bluesky");
    const linkedin = await connect(ws, "linkedin");
    const { tokens, agentId, clientId } = await approvedAgent(t, ws, { ...publisher, creditsPerDay: 2 });
    const dayOne = t.clock.now().toISOString().slice(0, 10);
    const post = await schedule(asAgent(ws, tokens.access_token), [bsky, linkedin], "scheduled for the day after tomorrow", 2 * 24 * 3600_000);

    t.clock.advance(24 * 3600_000);
    const dayTwo = t.clock.now().toISOString().slice(0, 10);
    const refreshed: Reply<AgentTokens> = await reply(await token(t, { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId }));
    expect(refreshed.status).toBe(200);
    const agent = asAgent(ws, refreshed.body.access_token);
    for (const text of ["day two, first", "day two, second"]) expect((await agent.post("/v1/posts", { text, accounts: [bsky] })).status).toBe(201);
    expect(await spent(agent)).toEqual({ spentToday: 2, creditsLeftToday: 0 });

    expect((await agent.delete(`/v1/posts/${post.id}`)).status).toBe(200);
    // Day two's allowance is spent as before: the refund went to day one, where the charge was.
    expect(await spent(agent)).toEqual({ spentToday: 2, creditsLeftToday: 0 });
    expect((await agent.post("/v1/posts", { text: "still over", accounts: [bsky] })).error.code).toBe("agent_grant_daily_credits");
    const book = await ledger(agentId);
    expect(book.refunds.map((r) => r.day)).toEqual([dayOne, dayOne]);
    expect(book.sum(dayOne)).toBe(0);
    expect(book.sum(dayTwo)).toBe(2);
  });

  it("refunds a scheduled target that is not sent when the post fires, and keeps the charge of the one that is", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
    const bsky = await connect(ws, "bluesky");
    const linkedin = await connect(ws, "linkedin");
    const { tokens, agentId } = await approvedAgent(t, ws, { ...publisher, creditsPerDay: 5 });
    const agent = asAgent(ws, tokens.access_token);
    const post = await schedule(agent, [bsky, linkedin], "one target lapses before it fires", 60_000);
    expect((await spent(agent)).spentToday).toBe(2);
    const creditsBefore = (await ws.read("/v1/me/limits")).credits.total;

    // The LinkedIn connection lapses before the post fires: that target is refused at send time.
    await t.db.update(socialAccounts).set({ status: "needs_reauth" }).where(eq(socialAccounts.id, linkedin));
    t.clock.advance(61_000);
    await runDueJobs(runtime);
    // Running the due jobs again finds nothing of this post to claim and refunds nothing more.
    await runDueJobs(runtime);

    const fired = await ws.read(`/v1/posts/${post.id}`);
    expect(fired.state).toBe("partial");
    expect(fired.targets.map((x) => [x.platform, x.state, x.credits]).sort()).toEqual([
      ["bluesky", "published", 1],
      ["linkedin", "failed", 0],
    ]);
    // The workspace paid one credit at send time, and the agent's day counts the same one.
    const creditsAfter = (await ws.read("/v1/me/limits")).credits.total;
    expect(creditsBefore - creditsAfter).toBe(1);
    expect(await spent(agent)).toEqual({ spentToday: 1, creditsLeftToday: 4 });
    const book = await ledger(agentId);
    expect(book.refunds.map((r) => r.subject)).toEqual(await targetIds(post.id, "linkedin"));
    // A published post cannot be cancelled, so nothing more comes back.
    expect((await agent.delete(`/v1/posts/${post.id}`)).status).toBe(409);
    expect((await ledger(agentId)).sum()).toBe(1);
  });

  it("a delivery after the cancel sends nothing and a cancel after the delivery refunds nothing: the spend matches what was sent", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
    const bsky = await connect(ws, "bluesky");
    const { tokens, agentId } = await approvedAgent(t, ws, { ...publisher, creditsPerDay: 6 });
    const agent = asAgent(ws, tokens.access_token);
    const posts: { id: string }[] = [];
    for (let i = 0; i < 6; i++) posts.push(await schedule(agent, [bsky], `raced with the scheduler ${i}`, 60_000));
    t.clock.advance(61_000);
    // Every post gets its delivery and a cancel, all posts at once; which of the two comes first
    // alternates (PGlite answers one statement at a time, so a true race would always go one way).
    const cancel = (id: string) => agent.delete(`/v1/posts/${id}`).then((r) => r.status);
    const deliver = (id: string) => handleJob(runtime, { kind: "publish_scheduled", workspaceId: ws.id, mode: "test", payload: { postId: id, version: 0 } });
    const cancels = await Promise.all(posts.map((p, i) => (i % 2 === 0 ? cancel(p.id).then(async (status) => (await deliver(p.id), status)) : deliver(p.id).then(() => cancel(p.id)))));
    expect(cancels).toEqual([200, 409, 200, 409, 200, 409]);
    for (const status of cancels) expect([200, 409]).toContain(status);

    const states = await Promise.all(posts.map(async (p) => (await ws.read(`/v1/posts/${p.id}`)).state));
    for (const state of states) expect(["published", "cancelled"]).toContain(state);
    expect(states).toEqual(["cancelled", "published", "cancelled", "published", "cancelled", "published"]);
    // Exactly the posts that were sent stay charged; every refund matches a charge of its day.
    expect(cancels.filter((status) => status === 200)).toHaveLength(states.filter((s) => s === "cancelled").length);
    const book = await ledger(agentId);
    expect(book.sum()).toBe(states.filter((s) => s === "published").length);
    expect(book.refunds).toHaveLength(states.filter((s) => s === "cancelled").length);
    for (const refund of book.refunds) expect(book.charges.some((c) => c.subject === refund.subject && c.day === refund.day && c.amount === -refund.amount)).toBe(true);
    expect(await spent(agent)).toEqual({ spentToday: book.sum(), creditsLeftToday: 6 - book.sum() });
  });
});

describeOnEachDatabase("an agent's refunds when cancels race", (app) => {
  // The file's helpers (connect, asAgent, ledger, ...) act on `t`: these tests point it at the database being run.
  beforeAll(() => {
    t = app();
    runtime = { db: t.db, clock: t.clock, services: domainServices(t.deps, "http://chorus.test") };
  });
  it("refunds exactly once when many cancels of one post race", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
    const bsky = await connect(ws, "bluesky");
    const linkedin = await connect(ws, "linkedin");
    const { tokens, agentId } = await approvedAgent(t, ws, { ...publisher, creditsPerDay: 5 });
    const agent = asAgent(ws, tokens.access_token);
    const post = await schedule(agent, [bsky, linkedin], "raced cancels");

    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? agent.delete(`/v1/posts/${post.id}`) : ws.delete(`/v1/posts/${post.id}`))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    const book = await ledger(agentId);
    expect(book.charges).toHaveLength(2);
    expect(book.refunds).toHaveLength(2);
    expect(book.sum()).toBe(0);
    expect(await spent(agent)).toEqual({ spentToday: 0, creditsLeftToday: 5 });
  });
});
