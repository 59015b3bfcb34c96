import { beforeAll, describe, expect, it } from "vitest";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { expectInvisible, expectNotFound } from "../support/isolation.js";
import { type TestApp, type TestWorkspace, createTestApp, errorOf } from "../support/test-app.js";

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
async function connect(ws: TestWorkspace, platform: PlatformId, handle: string, variant?: string): Promise<string> {
  const response = await ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform, handle, ...(variant ? { variant } : {}) } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

describe("isolation of the new engagements and notifications", () => {
  it("refuses B acting as A's LinkedIn, Threads or Pinterest account, or naming A's posts, with 404s that reveal nothing", async () => {
    counter += 1;
    const a = await t.workspace();
    const b = await t.workspace();
    const seeded: Record<string, string> = {};
    for (const platform of ["linkedin", "threads", "pinterest"] as const) {
      seeded[`id_${platform}`] = await connect(a, platform, `a-iso-${platform}-${counter}`);
    }
    const post = (await (await a.request("/v1/posts", { method: "POST", json: { text: "A's private update", accounts: [seeded.id_linkedin] } })).json()) as {
      id: string;
      targets: { networkPostId: string }[];
    };
    seeded.post = post.id;
    seeded.networkPostId = post.targets[0]?.networkPostId ?? "";
    const board = ((await (await a.request(`/v1/social-accounts/${seeded.id_pinterest}/targets`)).json()) as { items: { id: string }[] }).items[0]?.id ?? "";

    for (const [account, action, target, options] of [
      [seeded.id_linkedin, "like", seeded.networkPostId, undefined],
      [seeded.id_threads, "repost", "12345678901234567", undefined],
      [seeded.id_pinterest, "save", "123456789012345678", { board }],
    ] as const) {
      await expectNotFound(await b.request("/v1/engagements", { method: "POST", json: { account, action, target, ...(options ? { options } : {}) } }), seeded);
    }
    const own = await connect(b, "linkedin", `b-iso-linkedin-${counter}`);
    const foreign = await b.request("/v1/engagements", { method: "POST", json: { account: own, action: "like", target: seeded.post } });
    expect(await errorOf(foreign.clone())).toMatchObject({ code: "resource_not_found", param: "target" });
    await expectNotFound(foreign, seeded);
  });

  it("keeps A's Threads, Facebook and Instagram notifications out of B's list, and refuses B reading or faking them on A's accounts", async () => {
    counter += 1;
    const a = await t.workspace();
    const b = await t.workspace();
    const seeded: Record<string, string> = {
      id_threads: await connect(a, "threads", `a-notif-threads-${counter}`),
      id_facebook: await connect(a, "facebook", `a-notif-facebook-${counter}`),
      id_instagram: await connect(a, "instagram", `a-notif-instagram-${counter}`, "facebook_login"),
    };
    for (const account of [seeded.id_threads, seeded.id_facebook, seeded.id_instagram]) {
      const made = await a.request(`/v1/sandbox/social-accounts/${account}/activity`, { method: "POST", json: { action: "mention", actor: `a-fan-${counter}`, text: `secret-${counter}` } });
      expect(made.status, await made.clone().text()).toBe(201);
      seeded[`mention_${account}`] = ((await made.json()) as { networkId: string }).networkId;
    }
    expect(((await (await a.request("/v1/notifications")).json()) as { items: unknown[] }).items).toHaveLength(3);

    await connect(b, "threads", `b-notif-threads-${counter}`);
    await expectInvisible(await b.request("/v1/notifications"), seeded);
    for (const account of [seeded.id_threads, seeded.id_facebook, seeded.id_instagram]) {
      await expectNotFound(await b.request(`/v1/notifications?account=${account}`), seeded);
      await expectNotFound(await b.request(`/v1/sandbox/social-accounts/${account}/activity`, { method: "POST", json: { action: "mention" } }), seeded);
    }
    expect(((await (await a.request("/v1/notifications")).json()) as { items: unknown[] }).items).toHaveLength(3);
  });
});
