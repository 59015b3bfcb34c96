import { describe, expect, it } from "vitest";
import { approvedAgent } from "../support/agent-oauth.js";
import type { TestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { type RunningServer, type Structured, agentToolCall, brandAccount, withMcpTestServer } from "./mcp-server.js";

/**
 * `get_queue`, `set_queue`, `next_queue_slots` and `create_post` with `queue: true` as an agent:
 * the same answers as the REST routes, and the grant governs them as it governs posts (its
 * actions and its brands).
 */

let t: TestApp;
let server: RunningServer;
withMcpTestServer((running) => ({ t, server } = running));

const agentCall = (accessToken: string, name: string, args: Record<string, unknown>) => agentToolCall(t, accessToken, name, args);

const profile = async (ws: WorkspaceFixture, username: string): Promise<string> => (await brandAccount(ws, username)).profile;

describe("queue tools", () => {
  it("an agent sets its brand's queue, previews it and queues a post into the first slot; another brand's queue is refused", async () => {
    t.clock.set(new Date("2027-03-13T12:00:00Z"));
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const mine = await profile(ws, "agent-brand");
    const other = await profile(ws, "not-the-agents");
    const { tokens } = await approvedAgent(t, ws, { profiles: [mine], platforms: "all", actions: ["read", "draft", "publish_or_schedule"], creditsPerDay: 5 });
    const token = tokens.access_token;

    const set = await agentCall(token, "set_queue", { id: mine, timezone: "America/New_York", slots: [{ day: "sun", time: "02:30" }] });
    expect(set.isError, JSON.stringify(set.data)).toBe(false);
    expect(set.data).toMatchObject({ profile: mine, timezone: "America/New_York", slots: [{ day: "sun", time: "02:30" }], paused: false });
    expect((await agentCall(token, "get_queue", { id: mine })).data).toMatchObject({ timezone: "America/New_York" });
    const next = await agentCall(token, "next_queue_slots", { id: mine, count: 2 });
    expect(next.data.slots).toEqual([
      { at: "2027-03-14T07:30:00.000Z", local: "2027-03-14T03:30:00-04:00" },
      { at: "2027-03-21T06:30:00.000Z", local: "2027-03-21T02:30:00-04:00" },
    ]);
    const queued = await agentCall(token, "create_post", { text: "queued by an agent", profile: "agent-brand", queue: true });
    expect(queued.isError, JSON.stringify(queued.data)).toBe(false);
    expect(queued.data).toMatchObject({ state: "scheduled", scheduledAt: "2027-03-14T07:30:00.000Z", timezone: "America/New_York" });

    for (const [name, args] of [
      ["get_queue", { id: other }],
      ["set_queue", { id: other, timezone: "UTC", slots: [] }],
      ["next_queue_slots", { id: other }],
    ] as const) {
      const refused = await agentCall(token, name, args);
      expect(refused.isError, name).toBe(true);
      expect((refused.data.error as Structured).code, name).toBe("agent_grant_profile");
    }
    const untouched = await ws.get(`/v1/profiles/${other}/queue`);
    expect(untouched.status, untouched.text).toBe(200);
    expect(untouched.body).toMatchObject({ slots: [], updatedAt: null });
  });

  it("an agent that may only read is refused set_queue with agent_grant_action naming publish_or_schedule", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const mine = await profile(ws, "read-only-brand");
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: "all", actions: ["read"], creditsPerDay: 0 });
    const refused = await agentCall(tokens.access_token, "set_queue", { id: mine, timezone: "UTC", slots: [{ day: "mon", time: "09:00" }] });
    expect(refused.isError).toBe(true);
    expect(refused.data.error).toMatchObject({ code: "agent_grant_action" });
    expect((refused.data.error as Structured).message).toContain("`publish_or_schedule`");
  });
});
