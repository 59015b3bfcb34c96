import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, type TestWorkspace, createTestApp, errorOf } from "../support/test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const connectBluesky = (ws: TestWorkspace, handle: string) =>
  ws.request("/v1/social-accounts/connect", { method: "POST", json: { platform: "bluesky", handle, appPassword: "abcd-efgh-ijkl-mnop" } });

describe("Bluesky handles in the sandbox are domain names, as on Bluesky", () => {
  it("refuses to create a sandbox account whose handle is no domain, and lookup and posts refuse such a handle alike", async () => {
    const ws = await t.workspace();
    const refused = await connectBluesky(ws, "sample_bluesky");
    expect(refused.status).toBe(400);
    expect(await errorOf(refused)).toMatchObject({ code: "field_invalid", param: "handle", platform: "bluesky", fix: expect.stringContaining("bsky.social") });

    const connected = await connectBluesky(ws, "sample.bsky.social");
    expect(connected.status, await connected.clone().text()).toBe(201);
    const account = ((await connected.json()) as { id: string }).id;
    expect((await ws.request("/v1/posts", { method: "POST", json: { text: "hello from a domain handle", accounts: [account] } })).status).toBe(201);

    const profile = await ws.request(`/v1/discover/profiles/sample.bsky.social?account=${account}`);
    expect(profile.status, await profile.clone().text()).toBe(200);
    expect(await profile.json()).toMatchObject({ handle: "sample.bsky.social", platform: "bluesky" });
    const posts = await ws.request(`/v1/discover/profiles/sample.bsky.social/posts?account=${account}`);
    expect(posts.status, await posts.clone().text()).toBe(200);
    expect(((await posts.json()) as { items: { text: string }[] }).items.map((p) => p.text)).toEqual(["hello from a domain handle"]);

    for (const path of [`/v1/discover/profiles/sample_bluesky?account=${account}`, `/v1/discover/profiles/sample_bluesky/posts?account=${account}`]) {
      const response = await ws.request(path);
      expect(response.status, path).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: "field_invalid", param: "handle", platform: "bluesky", fix: expect.stringContaining("domain name") });
    }
  });

  it("simulated senders and actors on Bluesky have domain handles too", async () => {
    const ws = await t.workspace();
    const account = ((await (await connectBluesky(ws, "inbox.bsky.social")).json()) as { id: string }).id;
    const badSender = await ws.request(`/v1/sandbox/social-accounts/${account}/inbound`, { method: "POST", json: { kind: "message", text: "hi", from: "some_visitor" } });
    expect(badSender.status).toBe(400);
    expect(await errorOf(badSender)).toMatchObject({ code: "field_invalid", param: "from", platform: "bluesky" });
    const badActor = await ws.request(`/v1/sandbox/social-accounts/${account}/activity`, { method: "POST", json: { action: "mention", actor: "some_friend", text: "hey" } });
    expect(badActor.status).toBe(400);
    expect(await errorOf(badActor)).toMatchObject({ code: "field_invalid", param: "actor", platform: "bluesky" });

    const message = await ws.request(`/v1/sandbox/social-accounts/${account}/inbound`, { method: "POST", json: { kind: "message", text: "hi" } });
    expect(message.status, await message.clone().text()).toBe(200);
    const conversations = (await (await ws.request("/v1/conversations")).json()) as { items: { participants: { handle: string }[] }[] };
    expect(conversations.items[0]?.participants.map((p) => p.handle)).toEqual(["visitor.sandbox.bsky.social"]);
  });
});
