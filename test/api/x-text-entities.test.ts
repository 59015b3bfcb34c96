import { beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("X text as people wrote it", () => {
  it("decodes X's &amp; &lt; &gt; once in comments, notifications, search and a profile's posts", async () => {
    const ws = await testWorkspace(t, { plan: "subscription", grantCredits: 10 });
    const x = (await ws.connect("twitter", { handle: "x_entities" })).id;
    const written = "Bread & butter <fresh> entitysourdough";
    const post = await ws.publish({ text: written, accounts: [x] });
    t.clock.advance(1000);
    await ws.simulate(x, { action: "reply", post: post.id, actor: "x_carol", text: "5 > 3 & 2 < 4, not &lt;" });
    t.clock.advance(1000);
    await ws.simulate(x, { action: "mention", actor: "x_fan", text: "salt & pepper > sugar" });
    t.clock.advance(60_000);

    const comments = await ws.read(`/v1/posts/${post.id}/comments`);
    expect(comments.items.map((c) => c.text)).toEqual([expect.stringContaining("5 > 3 & 2 < 4, not &lt;")]);

    const notifications = await ws.read("/v1/notifications");
    expect(notifications.items.find((n) => n.kind === "mentions")?.text).toContain("salt & pepper > sugar");
    expect(notifications.items.find((n) => n.kind === "replies")?.text).toContain("5 > 3 & 2 < 4");

    const found = await ws.read(`/v1/discover/posts?q=entitysourdough&account=${x}`);
    expect(found.items.map((p) => p.text)).toEqual([written]);

    const own = await ws.read(`/v1/discover/profiles/x_entities/posts?account=${x}`);
    expect(own.items.map((p) => p.text)).toContain(written);
  });
});
