import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { agentSpend, postTargets, socialAccounts } from "../../src/db/schema/index.js";
import type { JobRuntime } from "../../src/domain/core/jobs/job-context.js";
import { handleJob } from "../../src/jobs/handle-job.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { domainServices } from "../../src/http/domain-services.js";
import { approvedAgent, token } from "../support/agent-oauth.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { type TestApp, type TestWorkspace, anonymous, createTestApp, errorOf } from "../support/test-app.js";

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
async function connect(ws: TestWorkspace, platform: "bluesky" | "linkedin"): Promise<string> {
  counter += 1;
  const handle = platform === "bluesky" ? `cancel${counter}.test` : `cancel_li_${counter}`;
  const json = { platform, handle, ...(platform === "bluesky" ? { appPassword: "abcd-efgh-ijkl-mnop" } : {}) };
  const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

type Agent = (path: string, init?: { method?: string; json?: unknown }) => Promise<Response>;

function asAgent(accessToken: string): Agent {
  const send = anonymous(t.app);
  return (path, init = {}) =>
    send(path, {
      method: init.method ?? (init.json === undefined ? "GET" : "POST"),
      headers: { authorization: `Bearer ${accessToken}`, ...(init.json === undefined ? {} : { "content-type": "application/json" }) },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
}

async function spent(agent: Agent): Promise<{ spentToday: number; creditsLeftToday: number }> {
  const response = await agent("/v1/me");
  expect(response.status).toBe(200);
  const me = (await response.json()) as { agent: { spentToday: number; creditsLeftToday: number } };
  return { spentToday: me.agent.spentToday, creditsLeftToday: me.agent.creditsLeftToday };
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

async function schedule(agent: Agent, accounts: string[], text: string, inMs = 3600_000): Promise<{ id: string }> {
  const response = await agent("/v1/posts", { json: { text, accounts, scheduledAt: later(inMs) } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string };
}

const publisher = { profiles: "all" as const, platforms: "all" as const, actions: ["read", "draft", "publish_or_schedule", "delete"] };

describe("an agent's spend on scheduled posts comes back when they are not sent", () => {
  it("charges a scheduled post once when the agent publishes it ahead of its time, even at its daily cap", async () => {
    const ws = await t.workspace({ plan: "subscription", grantCredits: 20 });
    const bsky = await connect(ws, "bluesky");
    const { tokens, agentId } = await approvedAgent(t, ws, { ...publisher, creditsPerDay: 1 });
    const agent = asAgent(tokens.access_token);
    const post = await schedule(agent, [bsky], "scheduled, then sent now by the agent");
    expect(await spent(agent)).toEqual({ spentToday: 1, creditsLeftToday: 0 });
    // Charged when it was scheduled, as its delivery would have been: sending it now costs the allowance nothing more.
    const now = await agent(`/v1/posts/${post.id}/publish`, { method: "POST" });
    expect(now.status, await now.clone().text()).toBe(200);
    expect(((await now.json()) as { state: string }).state).toBe("published");
    expect(await spent(agent)).toEqual({ spentToday: 1, creditsLeftToday: 0 });
    expect((await ledger(agentId)).sum()).toBe(1);
  });

  it("refunds a cancelled scheduled post's targets, once, whether the agent or the owner cancels", async () => {
    const ws = await t.workspace({ plan: "subscription", grantCredits: 20 });
    const bsky = await connect(ws, "bluesky");
    const linkedin = await connect(ws, "linkedin");
    const { tokens, agentId } = await approvedAgent(t, ws, { ...publisher, creditsPerDay: 3 });
    const agent = asAgent(tokens.access_token);

    const first = await schedule(agent, [bsky, linkedin], "two targets, cancelled by the agent");
    expect(await spent(agent)).toEqual({ spentToday: 2, creditsLeftToday: 1 });
    const cancelled = await agent(`/v1/posts/${first.id}`, { method: "DELETE" });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(await cancelled.json()).toEqual({ id: first.id, cancelled: true, deleted: false });
    expect(await spent(agent)).toEqual({ spentToday: 0, creditsLeftToday: 3 });

    // Cancelling again is refused and gives nothing more back.
    const again = await agent(`/v1/posts/${first.id}`, { method: "DELETE" });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("post_state_invalid");
    expect(await spent(agent)).toEqual({ spentToday: 0, creditsLeftToday: 3 });

    // The owner's key cancels the agent's post: the refund still goes to the agent that paid.
    const second = await schedule(agent, [bsky], "cancelled by the owner");
    expect((await spent(agent)).spentToday).toBe(1);
    expect((await ws.request(`/v1/posts/${second.id}`, { method: "DELETE" })).status).toBe(200);
    expect(await spent(agent)).toEqual({ spentToday: 0, creditsLeftToday: 3 });

    // The refunded allowance is really usable: three credits, then the cap.
    await schedule(agent, [bsky, linkedin], "spends two");
    expect((await agent("/v1/posts", { json: { text: "spends the third", accounts: [bsky] } })).status).toBe(201);
    const over = await agent("/v1/posts", { json: { text: "one too many", accounts: [bsky] } });
    expect((await errorOf(over)).code).toBe("agent_grant_daily_credits");

    const book = await ledger(agentId);
    expect(book.refunds.map((r) => r.subject).sort()).toEqual([...(await targetIds(first.id)), ...(await targetIds(second.id))].sort());
    expect(book.refunds.every((r) => r.amount === -1)).toBe(true);
    expect(book.sum()).toBe(3);
  });

  it("books the refund on the day the post was scheduled, not the day it was cancelled", async () => {
    const ws = await t.workspace({ plan: "subscription", grantCredits: 20 });
    const bsky = await connect(ws, "bluesky");
    const linkedin = await connect(ws, "linkedin");
    const { tokens, agentId, clientId } = await approvedAgent(t, ws, { ...publisher, creditsPerDay: 2 });
    const dayOne = t.clock.now().toISOString().slice(0, 10);
    const post = await schedule(asAgent(tokens.access_token), [bsky, linkedin], "scheduled for the day after tomorrow", 2 * 24 * 3600_000);

    t.clock.advance(24 * 3600_000);
    const dayTwo = t.clock.now().toISOString().slice(0, 10);
    const refreshed = await token(t, { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId });
    expect(refreshed.status).toBe(200);
    const agent = asAgent(((await refreshed.json()) as { access_token: string }).access_token);
    for (const text of ["day two, first", "day two, second"]) expect((await agent("/v1/posts", { json: { text, accounts: [bsky] } })).status).toBe(201);
    expect(await spent(agent)).toEqual({ spentToday: 2, creditsLeftToday: 0 });

    expect((await agent(`/v1/posts/${post.id}`, { method: "DELETE" })).status).toBe(200);
    // Day two's allowance is spent as before: the refund went to day one, where the charge was.
    expect(await spent(agent)).toEqual({ spentToday: 2, creditsLeftToday: 0 });
    expect((await errorOf(await agent("/v1/posts", { json: { text: "still over", accounts: [bsky] } }))).code).toBe("agent_grant_daily_credits");
    const book = await ledger(agentId);
    expect(book.refunds.map((r) => r.day)).toEqual([dayOne, dayOne]);
    expect(book.sum(dayOne)).toBe(0);
    expect(book.sum(dayTwo)).toBe(2);
  });

  it("refunds a scheduled target that is not sent when the post fires, and keeps the charge of the one that is", async () => {
    const ws = await t.workspace({ plan: "subscription", grantCredits: 20 });
    const bsky = await connect(ws, "bluesky");
    const linkedin = await connect(ws, "linkedin");
    const { tokens, agentId } = await approvedAgent(t, ws, { ...publisher, creditsPerDay: 5 });
    const agent = asAgent(tokens.access_token);
    const post = await schedule(agent, [bsky, linkedin], "one target lapses before it fires", 60_000);
    expect((await spent(agent)).spentToday).toBe(2);
    const creditsBefore = ((await (await ws.request("/v1/me/limits")).json()) as { credits: { total: number } }).credits.total;

    // The LinkedIn connection lapses before the post fires: that target is refused at send time.
    await t.db.update(socialAccounts).set({ status: "needs_reauth" }).where(eq(socialAccounts.id, linkedin));
    t.clock.advance(61_000);
    await runDueJobs(runtime);
    // Running the due jobs again finds nothing of this post to claim and refunds nothing more.
    await runDueJobs(runtime);

    const fired = (await (await ws.request(`/v1/posts/${post.id}`)).json()) as { state: string; targets: { platform: string; state: string; credits: number }[] };
    expect(fired.state).toBe("partial");
    expect(fired.targets.map((x) => [x.platform, x.state, x.credits]).sort()).toEqual([
      ["bluesky", "published", 1],
      ["linkedin", "failed", 0],
    ]);
    // The workspace paid one credit at send time, and the agent's day counts the same one.
    const creditsAfter = ((await (await ws.request("/v1/me/limits")).json()) as { credits: { total: number } }).credits.total;
    expect(creditsBefore - creditsAfter).toBe(1);
    expect(await spent(agent)).toEqual({ spentToday: 1, creditsLeftToday: 4 });
    const book = await ledger(agentId);
    expect(book.refunds.map((r) => r.subject)).toEqual(await targetIds(post.id, "linkedin"));
    // A published post cannot be cancelled, so nothing more comes back.
    expect((await agent(`/v1/posts/${post.id}`, { method: "DELETE" })).status).toBe(409);
    expect((await ledger(agentId)).sum()).toBe(1);
  });

  it("a delivery after the cancel sends nothing and a cancel after the delivery refunds nothing: the spend matches what was sent", async () => {
    const ws = await t.workspace({ plan: "subscription", grantCredits: 20 });
    const bsky = await connect(ws, "bluesky");
    const { tokens, agentId } = await approvedAgent(t, ws, { ...publisher, creditsPerDay: 6 });
    const agent = asAgent(tokens.access_token);
    const posts: { id: string }[] = [];
    for (let i = 0; i < 6; i++) posts.push(await schedule(agent, [bsky], `raced with the scheduler ${i}`, 60_000));
    t.clock.advance(61_000);
    // Every post gets its delivery and a cancel, all posts at once; which of the two comes first
    // alternates (PGlite answers one statement at a time, so a true race would always go one way).
    const cancel = (id: string) => agent(`/v1/posts/${id}`, { method: "DELETE" }).then((r) => r.status);
    const deliver = (id: string) => handleJob(runtime, { kind: "publish_scheduled", workspaceId: ws.id, mode: "test", payload: { postId: id, version: 0 } });
    const cancels = await Promise.all(posts.map((p, i) => (i % 2 === 0 ? cancel(p.id).then(async (status) => (await deliver(p.id), status)) : deliver(p.id).then(() => cancel(p.id)))));
    expect(cancels).toEqual([200, 409, 200, 409, 200, 409]);
    for (const status of cancels) expect([200, 409]).toContain(status);

    const states = await Promise.all(posts.map(async (p) => ((await (await ws.request(`/v1/posts/${p.id}`)).json()) as { state: string }).state));
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
    const ws = await t.workspace({ plan: "subscription", grantCredits: 20 });
    const bsky = await connect(ws, "bluesky");
    const linkedin = await connect(ws, "linkedin");
    const { tokens, agentId } = await approvedAgent(t, ws, { ...publisher, creditsPerDay: 5 });
    const agent = asAgent(tokens.access_token);
    const post = await schedule(agent, [bsky, linkedin], "raced cancels");

    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? agent(`/v1/posts/${post.id}`, { method: "DELETE" }) : ws.request(`/v1/posts/${post.id}`, { method: "DELETE" }))),
    );
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
