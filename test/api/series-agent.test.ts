import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { postTargets, posts } from "../../src/db/schema/index.js";
import { sweepSeries } from "../../src/domain/publishing/index.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { agentFixture, approvedAgent, grantTokens } from "../support/agent-oauth.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

async function runAt(t: TestApp, at: string) {
  t.clock.set(new Date(at));
  await runDueJobs(t.jobRuntime());
  await sweepSeries(t.jobRuntime());
  await runDueJobs(t.jobRuntime());
}

/**
 * A recurring series an agent created is sent in that agent's name: each later occurrence is
 * charged to its daily allowance on the day it is sent, and nothing is sent once it is revoked.
 */
describe("an agent's recurring series", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  const occurrences = async (seriesId: string) => {
    const rows = await t.db.select({ id: posts.id, state: posts.state }).from(posts).where(eq(posts.seriesId, seriesId)).orderBy(asc(posts.occurrenceAt));
    const result: { state: string; error: string | null }[] = [];
    for (const row of rows) {
      const [target] = await t.db
        .select()
        .from(postTargets)
        .where(and(eq(postTargets.postId, row.id)));
      result.push({ state: row.state, error: (target?.error as { code?: string } | null)?.code ?? null });
    }
    return result;
  };

  it("charges each later occurrence to the agent's allowance on the day it is sent, and fails one past it without stopping the series", async () => {
    t.clock.set(new Date("2027-05-01T08:00:00Z"));
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
    const account = await ws.connect("bluesky");
    const { tokens, agentId, clientId } = await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky"], actions: ["read", "draft", "publish_or_schedule"], creditsPerDay: 1 });
    const agent = agentFixture(t, ws, tokens.access_token, agentId);
    // Read by the owner: the agent's access token lapses within the hour, days before the series ends.
    const spent = async () => (await ws.get("/v1/agents")).body.items.find((a) => a.id === agentId)?.spentToday;
    const refreshed = async () => {
      const next = await grantTokens(t, { grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId });
      tokens.refresh_token = next.refresh_token;
      return agentFixture(t, ws, next.access_token, agentId);
    };
    const post = async (text: string) => (await refreshed()).post("/v1/posts", { text, accounts: [account.id] });

    // The first occurrence is charged when it is scheduled, on May 1st, and sent at 09:00 without a second charge.
    const created = await agent.publish({ text: "agent series", accounts: [account.id], scheduledAt: "2027-05-01T09:00:00", timezone: "UTC", recurrence: "FREQ=DAILY;COUNT=4" });
    expect(created.series, "a recurring post names its series").toBeTruthy();
    const seriesId = created.series ?? "";
    expect(await spent()).toBe(1);
    await runAt(t, "2027-05-01T09:00:30Z");
    expect(await spent()).toBe(1);

    // May 2nd: the occurrence takes the day's one credit when it is sent, so the agent's own post is refused.
    await runAt(t, "2027-05-02T09:00:30Z");
    expect(await spent()).toBe(1);
    expect((await post("refused: the series spent today's credit")).status).toBe(403);

    // May 3rd: the agent spends the day's credit first, so the occurrence fails past the allowance...
    t.clock.set(new Date("2027-05-03T08:00:00Z"));
    expect((await post("takes the day's credit")).status).toBe(201);
    await runAt(t, "2027-05-03T09:00:30Z");
    // ...and the series goes on: May 4th's is sent.
    await runAt(t, "2027-05-04T09:00:30Z");
    expect(await occurrences(seriesId)).toEqual([
      { state: "published", error: null },
      { state: "published", error: null },
      { state: "failed", error: "agent_grant_daily_credits" },
      { state: "published", error: null },
    ]);
    expect(await spent()).toBe(1);
  });

  it("sends nothing more once the agent is revoked, naming why", async () => {
    t.clock.set(new Date("2027-06-01T08:00:00Z"));
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
    const account = await ws.connect("bluesky");
    const { tokens, agentId } = await approvedAgent(t, ws, { profiles: "all", platforms: ["bluesky"], actions: ["read", "draft", "publish_or_schedule"], creditsPerDay: 10 });
    const agent = agentFixture(t, ws, tokens.access_token, agentId);
    const created = await agent.publish({ text: "revoked series", accounts: [account.id], scheduledAt: "2027-06-01T09:00:00", timezone: "UTC", recurrence: "FREQ=DAILY;COUNT=3" });
    expect(created.series, "a recurring post names its series").toBeTruthy();
    const seriesId = created.series ?? "";
    await runAt(t, "2027-06-01T09:00:30Z");
    expect((await ws.delete(`/v1/agents/${agentId}`)).status).toBe(200);
    await runAt(t, "2027-06-02T09:00:30Z");
    // The series itself goes on (a person may cancel it, or edit it in their own name): the next one waits.
    expect(await occurrences(seriesId)).toEqual([
      { state: "published", error: null },
      { state: "failed", error: "series_agent_revoked" },
      { state: "scheduled", error: null },
    ]);
  });

  it("leaves a series made with an API key to the workspace alone", async () => {
    t.clock.set(new Date("2027-07-01T08:00:00Z"));
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 20 });
    const account = await ws.connect("bluesky");
    const first = await ws.publish({ text: "key series", accounts: [account.id], scheduledAt: "2027-07-01T09:00:00", timezone: "UTC", recurrence: "FREQ=DAILY;COUNT=2" });
    await runAt(t, "2027-07-01T09:00:30Z");
    await runAt(t, "2027-07-02T09:00:30Z");
    expect(await occurrences(first.series as string)).toEqual([
      { state: "published", error: null },
      { state: "published", error: null },
    ]);
  });
});
