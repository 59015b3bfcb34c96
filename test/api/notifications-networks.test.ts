import { beforeAll, describe, expect, it } from "vitest";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * GET /v1/notifications on the networks whose APIs list mentions beyond Bluesky and X: Threads
 * (its mentions edge) and Facebook (posts tagging the account's page), made by simulated people
 * through the sandbox activity route; networks with no readable feed stay `problems` entries.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

let counter = 0;
async function connect(ws: WorkspaceFixture, platform: PlatformId, variant?: string): Promise<string> {
  counter += 1;
  const response = await ws.post("/v1/social-accounts/connect", { platform, handle: `notif-${platform}-${counter}`, ...(variant ? { variant } : {}) });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

async function mention(ws: WorkspaceFixture, account: string, actor: string, text: string): Promise<string> {
  const response = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "mention", actor, text });
  expect(response.status, response.text).toBe(201);
  return response.body.networkId;
}

async function page(ws: WorkspaceFixture, query: "" | `?${string}` = "") {
  const response = await ws.get(`/v1/notifications${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body;
}

describe("GET /v1/notifications on Threads and Facebook", () => {
  it("lists Threads mentions and Facebook page tags, merged newest first with their account and platform, and pages through them", async () => {
    const ws = await testWorkspace(t);
    const threads = await connect(ws, "threads");
    const facebook = await connect(ws, "facebook");
    const t1 = await mention(ws, threads, "threads.fan", "loving the launch");
    t.clock.advance(1000);
    const f1 = await mention(ws, facebook, "fb.fan", "great service at");
    t.clock.advance(1000);
    const t2 = await mention(ws, threads, "threads.critic", "one more thing");

    const all = await page(ws);
    expect(all.problems).toEqual([]);
    expect(all.items.map((n) => [n.id, n.account, n.platform, n.kind])).toEqual([
      [t2, threads, "threads", "mentions"],
      [f1, facebook, "facebook", "mentions"],
      [t1, threads, "threads", "mentions"],
    ]);
    expect(all.items[0]).toMatchObject({
      actor: { handle: "threads.critic", platform: "threads" },
      subject: { postId: null, networkPostId: t2 },
      text: expect.stringContaining("one more thing"),
      seen: false,
    });

    const first = await page(ws, "?limit=2");
    expect(first.items.map((n) => n.id)).toEqual([t2, f1]);
    const rest = await page(ws, `?limit=2&cursor=${encodeURIComponent(first.cursor ?? "")}`);
    expect(rest.items.map((n) => n.id)).toEqual([t1]);
    expect(rest.cursor).toBeNull();

    expect((await page(ws, `?account=${facebook}`)).items.map((n) => n.id)).toEqual([f1]);
  });

  it("keeps networks without a readable feed as problems entries, and names Threads in `skipped` when marking seen", async () => {
    const ws = await testWorkspace(t);
    const threads = await connect(ws, "threads");
    // A personal LinkedIn profile (the member variant) has no notifications API; company pages do (notifications-linkedin.test.ts).
    const linkedin = await connect(ws, "linkedin", "member");
    const pinterest = await connect(ws, "pinterest");
    await mention(ws, threads, "threads.fan", "hello");
    const { items, problems } = await page(ws);
    expect(items.map((n) => n.account)).toEqual([threads]);
    // Problems come sorted by account id in code-unit order (as `<` compares), not the locale's.
    expect(problems.map((p) => [p.account, p.code, p.retryable])).toEqual(
      [
        [linkedin, "capability_unsupported", false],
        [pinterest, "capability_unsupported", false],
      ].sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1)),
    );
    const seen = await ws.post("/v1/notifications/seen");
    expect(seen.status, seen.text).toBe(200);
    const skipped = seen.body.skipped;
    expect(skipped).toEqual(expect.arrayContaining([expect.objectContaining({ account: threads, code: "capability_unsupported" })]));
  });

  it("lists the posts tagging an Instagram account connected through Facebook Login; one on the Instagram-login door is a problems entry saying why", async () => {
    const ws = await testWorkspace(t);
    const viaPage = await connect(ws, "instagram", "facebook_login");
    const direct = await connect(ws, "instagram");
    const tagged = await mention(ws, viaPage, "ig.fan", "with the whole crew");
    await mention(ws, direct, "ig.fan", "also tagged, unreadable");
    const { items, problems } = await page(ws);
    expect(items.map((n) => [n.id, n.account, n.platform, n.kind, n.actor.handle])).toEqual([[tagged, viaPage, "instagram", "mentions", "ig.fan"]]);
    expect(problems).toEqual([{ account: direct, platform: "instagram", code: "capability_unsupported", message: expect.stringContaining("Facebook Login"), retryable: false }]);
  });

  it("turns the sandbox faults into problems: an expired Threads token is needs_reauth, a down Facebook retryable", async () => {
    const ws = await testWorkspace(t);
    const threads = await connect(ws, "threads");
    const facebook = await connect(ws, "facebook");
    for (const [account, fault] of [
      [threads, "expired_token"],
      [facebook, "down"],
    ] as const) {
      const response = await ws.put(`/v1/sandbox/social-accounts/${account}/fault`, { fault });
      expect(response.status, response.text).toBeLessThan(300);
    }
    const { items, problems } = await page(ws);
    expect(items).toEqual([]);
    const byAccount = Object.fromEntries(problems.map((p) => [p.account, p]));
    expect(byAccount[threads]).toMatchObject({ platform: "threads", code: "needs_reauth" });
    expect(byAccount[facebook]).toMatchObject({ platform: "facebook", retryable: true });
  });

  it("refuses a sandbox activity the network's API never shows, writing nothing", async () => {
    const ws = await testWorkspace(t);
    const threads = await connect(ws, "threads");
    const like = await ws.post(`/v1/sandbox/social-accounts/${threads}/activity`, { action: "follow" });
    expect(like.status).toBe(400);
    expect(like.error).toMatchObject({ code: "capability_unsupported", param: "action", fix: expect.stringContaining("On Threads, Facebook and Instagram, `mention`") });
    expect((await page(ws)).items).toEqual([]);
  });
});
