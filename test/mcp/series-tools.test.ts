import { describe, expect, it } from "vitest";
import { approvedAgent } from "../support/agent-oauth.js";
import type { TestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";
import { type RunningServer, type Structured, agentToolCall, brandAccount, withMcpTestServer } from "./mcp-server.js";

/**
 * `create_post` with `recurrence` and the series tools as an agent: the grant governs a series as
 * it governs its posts (its actions and its brands).
 */

let t: TestApp;
let server: RunningServer;
withMcpTestServer((running) => ({ t, server } = running));

const agentCall = (accessToken: string, name: string, args: Record<string, unknown>) => agentToolCall(t, accessToken, name, args);

const brand = brandAccount;

describe("series tools", () => {
  it("an agent creates a series, reads, pauses, resumes and cancels it; another brand's series is refused", async () => {
    t.clock.set(new Date("2027-03-10T12:00:00Z"));
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const mine = await brand(ws, "series-agent-brand");
    const other = await brand(ws, "series-other-brand");
    const theirs = await ws.publish({ text: "owner's series", accounts: [other.account], scheduledAt: "2027-03-11T09:00:00", timezone: "Europe/Berlin", recurrence: "FREQ=DAILY" });
    const theirSeries = theirs.series ?? "";
    expect(theirSeries).not.toBe("");
    const { tokens } = await approvedAgent(t, ws, { profiles: [mine.profile], platforms: "all", actions: ["read", "draft", "publish_or_schedule", "delete"], creditsPerDay: 5 });
    const token = tokens.access_token;

    const created = await agentCall(token, "create_post", {
      text: "agent weekly",
      accounts: [mine.account],
      scheduledAt: "2027-03-14T02:30:00",
      timezone: "America/New_York",
      recurrence: "FREQ=WEEKLY;COUNT=4",
    });
    expect(created.isError, JSON.stringify(created.data)).toBe(false);
    // 02:30 does not exist in New York on Mar 14 2027: that occurrence is 03:30 EDT.
    expect(created.data).toMatchObject({ state: "scheduled", scheduledAt: "2027-03-14T07:30:00.000Z" });
    const id = created.data.series as string;
    const got = await agentCall(token, "get_series", { id });
    expect(got.data).toMatchObject({ id, state: "active", start: "2027-03-14T02:30", upcoming: [{ local: "2027-03-14T03:30:00-04:00" }, { local: "2027-03-21T02:30:00-04:00" }, {}, {}] });
    const listed = await agentCall(token, "list_series", {});
    expect((listed.data.items as { id: string }[]).map((s) => s.id)).toEqual([id]);
    expect((await agentCall(token, "pause_series", { id })).data).toMatchObject({ state: "paused" });
    expect((await agentCall(token, "resume_series", { id })).data).toMatchObject({ state: "active" });
    expect((await agentCall(token, "update_series", { id, text: "agent weekly, edited" })).data).toMatchObject({ text: "agent weekly, edited" });
    expect((await agentCall(token, "cancel_series", { id })).data).toMatchObject({ state: "cancelled" });

    for (const name of ["get_series", "pause_series", "cancel_series"]) {
      const refused = await agentCall(token, name, { id: theirSeries });
      expect(refused.isError, name).toBe(true);
      expect((refused.data.error as Structured).code, name).toMatch(/^agent_grant_/);
    }
    const untouched = await ws.get(`/v1/series/${theirSeries}`);
    expect(untouched.status, untouched.text).toBe(200);
    expect(untouched.body).toMatchObject({ state: "active" });
  });
});
