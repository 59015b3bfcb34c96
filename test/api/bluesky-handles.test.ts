import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const connectBluesky = (ws: WorkspaceFixture, handle: string) => ws.post("/v1/social-accounts/connect", { platform: "bluesky", handle, appPassword: "abcd-efgh-ijkl-mnop" });

describe("Bluesky handles in the sandbox are domain names, as on Bluesky", () => {
  it("refuses to create a sandbox account whose handle is no domain, and lookup and posts refuse such a handle alike", async () => {
    const ws = await testWorkspace(t);
    const refused = await connectBluesky(ws, "sample_bluesky");
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: "field_invalid", param: "handle", platform: "bluesky", fix: expect.stringContaining("bsky.social") });

    const connected = await connectBluesky(ws, "sample.bsky.social");
    expect(connected.status, connected.text).toBe(201);
    const account = connected.body.id;
    expect((await ws.post("/v1/posts", { text: "hello from a domain handle", accounts: [account] })).status).toBe(201);

    const profile = await ws.get(`/v1/discover/profiles/sample.bsky.social?account=${account}`);
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body).toMatchObject({ handle: "sample.bsky.social", platform: "bluesky" });
    const posts = await ws.get(`/v1/discover/profiles/sample.bsky.social/posts?account=${account}`);
    expect(posts.status, posts.text).toBe(200);
    expect(posts.body.items.map((p) => p.text)).toEqual(["hello from a domain handle"]);

    for (const path of [`/v1/discover/profiles/sample_bluesky?account=${account}`, `/v1/discover/profiles/sample_bluesky/posts?account=${account}`]) {
      const response = await ws.get(path);
      expect(response.status, path).toBe(400);
      expect(response.error).toMatchObject({ code: "field_invalid", param: "handle", platform: "bluesky", fix: expect.stringContaining("domain name") });
    }
  });

  it("simulated senders and actors on Bluesky have domain handles too", async () => {
    const ws = await testWorkspace(t);
    const account = (await connectBluesky(ws, "inbox.bsky.social")).body.id;
    const badSender = await ws.post(`/v1/sandbox/social-accounts/${account}/inbound`, { kind: "message", text: "hi", from: "some_visitor" });
    expect(badSender.status).toBe(400);
    expect(badSender.error).toMatchObject({ code: "field_invalid", param: "from", platform: "bluesky" });
    const badActor = await ws.post(`/v1/sandbox/social-accounts/${account}/activity`, { action: "mention", actor: "some_friend", text: "hey" });
    expect(badActor.status).toBe(400);
    expect(badActor.error).toMatchObject({ code: "field_invalid", param: "actor", platform: "bluesky" });

    const message = await ws.post(`/v1/sandbox/social-accounts/${account}/inbound`, { kind: "message", text: "hi" });
    expect(message.status, message.text).toBe(200);
    const conversations = (await ws.get("/v1/conversations")).body;
    expect(conversations.items[0]?.participants.map((p) => p.handle)).toEqual(["visitor.sandbox.bsky.social"]);
  });
});
