import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, sandboxRecords, socialAccounts, workspaces } from "../../src/db/schema/index.js";
import { runDueJobs } from "../../src/jobs/run-due-jobs.js";
import { agentToolCall } from "../mcp/mcp-server.js";
import { agentFixture, approvedAgent } from "../support/agent-oauth.js";
import { type TestApp, anonymous, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** Bluesky posts the simulator holds with this text. */
async function onNetwork(text: string) {
  const rows = await t.db.select().from(sandboxRecords).where(eq(sandboxRecords.platform, "bluesky"));
  return rows.filter((r) => JSON.stringify(r.data).includes(text) && r.kind.includes("record"));
}

async function eventTypes(ws: WorkspaceFixture, postId: string) {
  const rows = await t.db.select().from(events).where(eq(events.workspaceId, ws.id)).orderBy(events.createdAt);
  return rows.filter((e) => (e.data as { id?: string }).id === postId).map((e) => e.type);
}

const credits = async (ws: WorkspaceFixture) => (await t.db.select({ monthly: workspaces.testCreditsMonthly }).from(workspaces).where(eq(workspaces.id, ws.id)))[0]?.monthly;

async function heldWorkspace() {
  const ws = await testWorkspace(t, { plan: "subscription" });
  expect((await ws.patch("/v1/approval-settings", { requireApproval: true })).status).toBe(200);
  const bsky = await ws.connect("bluesky");
  return { ws, bsky };
}

describe("approvals", () => {
  it("holds a post in pending_approval, sends and charges nothing until it is approved, then publishes once", async () => {
    const { ws, bsky } = await heldWorkspace();
    const before = await credits(ws);
    const held = await ws.publish({ text: "waits for a person", accounts: [bsky.id] });
    expect(held).toMatchObject({ state: "pending_approval", approval: { requiredBy: "workspace", decision: null }, targets: [{ state: "pending", credits: 0 }] });
    expect(await onNetwork("waits for a person")).toHaveLength(0);
    expect(await credits(ws)).toBe(before);
    expect((await ws.get(`/v1/posts?state=pending_approval`)).body.items.map((p) => p.id)).toEqual([held.id]);

    const approved = await ws.post(`/v1/posts/${held.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.validation).toMatchObject({ valid: true, targets: [{ account: bsky.id, errors: [] }] });
    expect(approved.body.post).toMatchObject({ state: "published", approval: { decision: "approved", decidedBy: ws.keyId }, targets: [{ state: "published", credits: 1 }] });
    expect(await onNetwork("waits for a person")).toHaveLength(1);
    expect(await eventTypes(ws, held.id)).toEqual(["post.pending_approval", "post.approved", "post.published"]);

    const again = await ws.post(`/v1/posts/${held.id}/approve`);
    expect(again.status).toBe(409);
    expect(again.error.code).toBe("post_state_invalid");
  });

  it("a profile's override wins over the workspace's rule, both ways", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const strict = (await ws.post("/v1/profiles", { username: "strict" })).body.id;
    const relaxed = (await ws.post("/v1/profiles", { username: "relaxed" })).body.id;
    const settings = await ws.patch("/v1/approval-settings", { requireApproval: true, profiles: { [relaxed]: false } });
    expect(settings.body).toEqual({ requireApproval: true, profiles: [{ profile: relaxed, username: "relaxed", requireApproval: false }] });
    const free = await ws.connect("bluesky", { profile: "relaxed" });
    expect(await ws.publish({ text: "relaxed brand", accounts: [free.id] })).toMatchObject({ state: "published", approval: null });

    await ws.patch("/v1/approval-settings", { requireApproval: false, profiles: { [relaxed]: null, [strict]: true } });
    const held = await ws.connect("bluesky", { profile: "strict" });
    expect((await ws.publish({ text: "strict brand", accounts: [held.id] })).approval).toMatchObject({ requiredBy: "profile" });
    expect((await ws.get("/v1/approval-settings")).body.profiles).toEqual([{ profile: strict, username: "strict", requireApproval: true }]);
    // Drafts are never held: nothing is sent.
    expect((await ws.publish({ text: "a draft", accounts: [held.id], draft: true })).state).toBe("draft");

    const unknown = await ws.patch("/v1/approval-settings", { profiles: { prf_nope: true } });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: "profile_unknown", param: "profiles.prf_nope" });
  });

  it("a rejection cancels the targets, keeps the reason, and the post can no longer be approved", async () => {
    const { ws, bsky } = await heldWorkspace();
    const held = await ws.publish({ text: "not this one", accounts: [bsky.id] });
    const rejected = await ws.post(`/v1/posts/${held.id}/reject`, { reason: "Wrong date." });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ state: "rejected", approval: { decision: "rejected", reason: "Wrong date." }, targets: [{ state: "cancelled", credits: 0 }] });
    expect((await ws.post(`/v1/posts/${held.id}/approve`)).status).toBe(409);
    expect(await eventTypes(ws, held.id)).toEqual(["post.pending_approval", "post.rejected"]);
    expect(await onNetwork("not this one")).toHaveLength(0);
  });

  it("a future scheduledAt is scheduled on approval and sent when due; one that passed while waiting publishes now", async () => {
    const { ws, bsky } = await heldWorkspace();
    const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const later = await ws.publish({ text: "approved for later", accounts: [bsky.id], scheduledAt: at });
    expect(later).toMatchObject({ state: "pending_approval", scheduledAt: at });
    const scheduled = await ws.post(`/v1/posts/${later.id}/approve`);
    expect(scheduled.body.post).toMatchObject({ state: "scheduled", targets: [{ state: "pending", credits: 0 }] });
    t.clock.advance(3_601_000);
    await runDueJobs(t.jobRuntime());
    expect((await ws.get(`/v1/posts/${later.id}`)).body).toMatchObject({ state: "published", targets: [{ credits: 1 }] });

    const soon = await ws.publish({ text: "approved too late", accounts: [bsky.id], scheduledAt: new Date(t.clock.now().getTime() + 60_000).toISOString() });
    t.clock.advance(120_000);
    const now = await ws.post(`/v1/posts/${soon.id}/approve`);
    expect(now.body.post).toMatchObject({ state: "published" });
    expect(await onNetwork("approved too late")).toHaveLength(1);
  });

  it("re-checks every target at approval: refused with each failing target named, or sent without it with force", async () => {
    const { ws, bsky } = await heldWorkspace();
    const other = await ws.connect("bluesky");
    const held = await ws.publish({ text: "checked again", accounts: [bsky.id, other.id] });
    await t.db.update(socialAccounts).set({ status: "needs_reauth" }).where(eq(socialAccounts.id, other.id));
    const refused = await ws.post(`/v1/posts/${held.id}/approve`);
    expect(refused.status).toBe(409);
    const error = refused.error;
    expect(error).toMatchObject({ code: "approval_validation_failed", param: "force" });
    expect(error.message).toContain(other.id);
    expect(error.message).not.toContain(bsky.id);
    expect((await ws.get(`/v1/posts/${held.id}`)).body.state).toBe("pending_approval");

    const forced = await ws.post(`/v1/posts/${held.id}/approve`, { force: true });
    expect(forced.status).toBe(200);
    expect(forced.body.validation.valid).toBe(false);
    expect(forced.body.validation.targets.find((x) => x.account === other.id)?.errors[0]?.code).toBe("needs_reauth");
    const byAccount = Object.fromEntries(forced.body.post.targets.map((x) => [x.account, x]));
    expect(byAccount[bsky.id]).toMatchObject({ state: "published", credits: 1 });
    expect(byAccount[other.id]).toMatchObject({ state: "failed", credits: 0, error: { code: "needs_reauth" } });
    expect(forced.body.post.state).toBe("partial");
  });

  it("an agent whose grant requires approval proposes; it cannot approve its own post; a person does", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await ws.connect("bluesky");
    const { tokens, agentId } = await approvedAgent(t, ws, { profiles: "all", platforms: "all", actions: ["read", "draft", "publish_or_schedule", "delete"], creditsPerDay: 5 });
    const patched = await ws.patch(`/v1/agents/${agentId}`, {
      grant: { profiles: null, platforms: null, actions: ["read", "draft", "publish_or_schedule", "delete"], creditsPerDay: 5, purchasedCredits: false, requireApproval: true },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.grant.requireApproval).toBe(true);
    const agent = agentFixture(t, ws, tokens.access_token, agentId);
    const proposed = await agent.publish({ text: "an agent's idea", accounts: [bsky.id] });
    expect(proposed).toMatchObject({ state: "pending_approval", approval: { requiredBy: "agent", proposedBy: agentId } });
    for (const path of ["approve", "reject", "approval-link"]) {
      const own = await agent.post(`/v1/posts/${proposed.id}/${path}`);
      expect(own.status).toBe(403);
      expect(own.error.code).toBe("agent_grant_owner_only");
    }
    expect((await agent.patch("/v1/approval-settings", { requireApproval: false })).status).toBe(403);
    expect((await ws.post(`/v1/posts/${proposed.id}/approve`)).body.post.state).toBe("published");
  });
});

describe("approval links", () => {
  const page = (path: string, init?: RequestInit) => anonymous(t.app)(path, init);
  const form = (decision: string, reason = "") => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ decision, reason }).toString() });

  it("shows the post to a reviewer without a login, approves once, and then only shows the decision", async () => {
    const { ws, bsky } = await heldWorkspace();
    const held = await ws.publish({ text: "for the reviewer", accounts: [bsky.id] });
    const link = await ws.post(`/v1/posts/${held.id}/approval-link`);
    expect(link.status).toBe(201);
    expect(Date.parse(link.body.expiresAt) - t.clock.now().getTime()).toBe(48 * 3_600_000);
    const path = new URL(link.body.url).pathname;
    const shown = await page(path);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain("for the reviewer");
    expect(html).toContain('id="approve"');
    expect(shown.headers.get("cache-control")).toBe("no-store");

    const decided = await page(path, form("approve"));
    expect(decided.status).toBe(200);
    expect(await decided.text()).toContain("your decision was recorded");
    expect((await ws.get(`/v1/posts/${held.id}`)).body).toMatchObject({ state: "published", approval: { decidedBy: "approval-link" } });

    const twice = await page(path, form("reject", "too late"));
    expect(twice.status).toBe(409);
    expect(await onNetwork("for the reviewer")).toHaveLength(1);
    expect(await (await page(path)).text()).toContain("already made");
  });

  it("rejects through the link with the reviewer's reason", async () => {
    const { ws, bsky } = await heldWorkspace();
    const held = await ws.publish({ text: "reviewer says no", accounts: [bsky.id] });
    const path = new URL((await ws.post(`/v1/posts/${held.id}/approval-link`)).body.url).pathname;
    expect((await page(path, form("reject", "Off brand"))).status).toBe(200);
    expect((await ws.get(`/v1/posts/${held.id}`)).body).toMatchObject({ state: "rejected", approval: { reason: "Off brand", decidedBy: "approval-link" } });
  });

  it("refuses an altered link and an expired one, and a post that is not waiting gets no link", async () => {
    const { ws, bsky } = await heldWorkspace();
    const held = await ws.publish({ text: "guarded link", accounts: [bsky.id] });
    const path = new URL((await ws.post(`/v1/posts/${held.id}/approval-link`)).body.url).pathname;
    const altered = `${path.slice(0, -2)}${path.endsWith("AA") ? "BB" : "AA"}`;
    expect((await page(altered, form("approve"))).status).toBe(400);
    expect((await page("/approve/not-a-token")).status).toBe(400);
    t.clock.advance(48 * 3_600_000 + 1);
    const expired = await page(path, form("approve"));
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("expired");
    expect((await ws.get(`/v1/posts/${held.id}`)).body.state).toBe("pending_approval");

    await ws.patch("/v1/approval-settings", { requireApproval: false });
    const plain = await ws.publish({ text: "never held", accounts: [bsky.id] });
    expect((await ws.post(`/v1/posts/${plain.id}/approval-link`)).status).toBe(409);
  });
});

describe("approval tools over MCP", () => {
  it("an API key's session approves; the agent that proposed the post cannot", async () => {
    const { ws, bsky } = await heldWorkspace();
    const { tokens } = await approvedAgent(t, ws, { profiles: "all", platforms: "all", actions: ["read", "draft", "publish_or_schedule"], creditsPerDay: 5 });
    const held = await ws.publish({ text: "decided over mcp", accounts: [bsky.id] });
    // A tools/call with either bearer (the agent's token, or the key), its result read through the protocol's schema.
    const call = (bearer: string, name: string, args: Record<string, unknown>) => agentToolCall(t, bearer, name, args);
    expect((await call(tokens.access_token, "approve_post", { id: held.id })).isError).toBe(true);
    expect((await ws.get(`/v1/posts/${held.id}`)).body.state).toBe("pending_approval");
    const approved = await call(ws.key, "approve_post", { id: held.id });
    expect(approved.isError).not.toBe(true);
    expect(approved.data).toMatchObject({ post: { state: "published" }, validation: { valid: true } });
  });
});
