import { beforeAll, describe, expect, it } from "vitest";
import { expectInvisible, expectNotFound } from "../support/isolation.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * Workspace isolation for what this feature added to existing routes: engagements on LinkedIn,
 * Threads and Pinterest accounts (and their `options`), and the Threads, Facebook and Instagram
 * notifications. Workspace B names A's accounts, posts and boards; it gets 404s that reveal
 * nothing, and A's notifications never show in B's list.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

let counter = 0;

describe("isolation of the new engagements and notifications", () => {
  it("refuses B acting as A's LinkedIn, Threads or Pinterest account, or naming A's posts, with 404s that reveal nothing", async () => {
    counter += 1;
    const a = await testWorkspace(t);
    const b = await a.otherWorkspace();
    const seeded: Record<string, string> = {};
    for (const platform of ["linkedin", "threads", "pinterest"] as const) {
      seeded[`id_${platform}`] = (await a.connect(platform, { handle: `a-iso-${platform}-${counter}` })).id;
    }
    const post = await a.publish({ text: "A's private update", accounts: [seeded.id_linkedin ?? ""] });
    seeded.post = post.id;
    seeded.networkPostId = post.targets[0]?.networkPostId ?? "";
    const boards = await a.get(`/v1/social-accounts/${seeded.id_pinterest}/targets`);
    const board = boards.body.items[0]?.id ?? "";

    for (const [account, action, target, options] of [
      [seeded.id_linkedin, "like", seeded.networkPostId, undefined],
      [seeded.id_threads, "repost", "12345678901234567", undefined],
      [seeded.id_pinterest, "save", "123456789012345678", { board }],
    ] as const) {
      await expectNotFound(await b.post("/v1/engagements", { account, action, target, ...(options ? { options } : {}) }), seeded);
    }
    const own = await b.connect("linkedin", { handle: `b-iso-linkedin-${counter}` });
    const foreign = await b.post("/v1/engagements", { account: own.id, action: "like", target: seeded.post });
    expect(foreign.error).toMatchObject({ code: "resource_not_found", param: "target" });
    await expectNotFound(foreign, seeded);
  });

  it("keeps A's Threads, Facebook and Instagram notifications out of B's list, and refuses B reading or faking them on A's accounts", async () => {
    counter += 1;
    const a = await testWorkspace(t);
    const b = await a.otherWorkspace();
    const seeded: Record<string, string> = {
      id_threads: (await a.connect("threads", { handle: `a-notif-threads-${counter}` })).id,
      id_facebook: (await a.connect("facebook", { handle: `a-notif-facebook-${counter}` })).id,
      id_instagram: (await a.connect("instagram", { handle: `a-notif-instagram-${counter}`, variant: "facebook_login" })).id,
    };
    for (const account of [seeded.id_threads, seeded.id_facebook, seeded.id_instagram]) {
      const made = await a.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "mention", actor: `a-fan-${counter}`, text: `secret-${counter}` });
      expect(made.status, made.text).toBe(201);
      seeded[`mention_${account}`] = made.body.networkId;
    }
    expect((await a.get("/v1/notifications")).body.items).toHaveLength(3);

    await b.connect("threads", { handle: `b-notif-threads-${counter}` });
    await expectInvisible(await b.get("/v1/notifications"), seeded);
    for (const account of [seeded.id_threads, seeded.id_facebook, seeded.id_instagram]) {
      await expectNotFound(await b.get(`/v1/notifications?account=${account}`), seeded);
      await expectNotFound(await b.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "mention" }), seeded);
    }
    expect((await a.get("/v1/notifications")).body.items).toHaveLength(3);
  });
});
