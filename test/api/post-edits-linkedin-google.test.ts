import { beforeAll, describe, expect, it } from "vitest";
import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import type { SandboxLinkedinPost } from "../../src/sandbox/linkedin/posts.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * Edits after publishing on LinkedIn (Posts API PARTIAL_UPDATE of `commentary`) and Google
 * Business (localPosts.patch with `updateMask=summary`), end to end through PATCH /v1/posts/{id},
 * read back from the simulators; X and Threads keep refusing with `edit_unsupported`.
 */

async function firstTarget(ws: WorkspaceFixture, accountId: string): Promise<string> {
  return (await ws.get(`/v1/social-accounts/${accountId}/targets`)).body.items[0]?.id ?? "";
}

describe("editing published LinkedIn and Google Business posts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("changes a LinkedIn post's commentary with a PARTIAL_UPDATE", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const linkedin = await ws.connect("linkedin");
    const post = await ws.publish({ text: "linkedin before", accounts: [linkedin.id] });
    const target = post.targets[0];
    expect(target?.state).toBe("published");
    const edited = await ws.patch(`/v1/posts/${post.id}`, { text: "linkedin after (edited)" });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.edit?.targets[0]).toMatchObject({ state: "edited", error: null });
    const held = await createDbSandboxStore(t.db, ws.id).get<SandboxLinkedinPost>("linkedin", "post", target?.networkPostId ?? "");
    // Parentheses are escaped in LinkedIn's little text format, as at creation.
    expect(held?.data.commentary).toBe("linkedin after \\(edited\\)");
    // Still one post at the network: an edit, not a new post.
    const all = await createDbSandboxStore(t.db, ws.id).list<SandboxLinkedinPost>("linkedin", "post");
    expect(all.filter((p) => !p.data.deleted)).toHaveLength(1);
  });

  it("refuses a LinkedIn commentary over the limit before any call", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const linkedin = await ws.connect("linkedin");
    const post = await ws.publish({ text: "linkedin limit", accounts: [linkedin.id] });
    const long = await ws.patch(`/v1/posts/${post.id}`, { text: "x".repeat(3001) });
    expect(long.status).toBe(200);
    expect(long.body.edit?.targets[0]).toMatchObject({ state: "failed", error: { code: "text_too_long" } });
    const held = await createDbSandboxStore(t.db, ws.id).get<SandboxLinkedinPost>("linkedin", "post", post.targets[0]?.networkPostId ?? "");
    expect(held?.data.commentary).toBe("linkedin limit");
  });

  it("changes a Google Business local post's summary with localPosts.patch and updateMask=summary", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const google = await ws.connect("googlebusiness");
    const location = await firstTarget(ws, google.id);
    const post = await ws.settle(await ws.publish({ text: "google before", accounts: [google.id], platformOptions: { googlebusiness: { location } } }));
    const target = post.targets[0];
    expect(target?.state, JSON.stringify(target?.error)).toBe("published");
    const edited = await ws.patch(`/v1/posts/${post.id}`, { text: "google after" });
    expect(edited.body.edit?.targets[0], edited.text).toMatchObject({ state: "edited", error: null });
    const id = (target?.networkPostId ?? "").split("/").at(-1) ?? "";
    const held = await createDbSandboxStore(t.db, ws.id).get<{ body: { summary?: string; topicType: string } }>("googlebusiness", "local_post", id);
    expect(held?.data.body).toMatchObject({ summary: "google after", topicType: "STANDARD" });
  });

  it("keeps refusing edits on X and Threads with edit_unsupported and a fix, and GET /v1/platforms says what is editable", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const x = await ws.connect("twitter");
    const threads = await ws.connect("threads");
    const post = await ws.settle(await ws.publish({ text: "no edits here", accounts: [x.id, threads.id] }));
    const edited = await ws.patch(`/v1/posts/${post.id}`, { text: "edited?" });
    for (const target of edited.body.edit?.targets ?? []) {
      expect(target, target.platform).toMatchObject({ state: "failed", error: { code: "edit_unsupported", param: "text" } });
      expect(target.error?.fix).toBeTruthy();
    }
    const platforms = (await ws.get("/v1/platforms")).body.items;
    const editable = Object.fromEntries(platforms.map((p) => [p.platform, p.publishing.editable]));
    expect(editable).toMatchObject({ linkedin: ["text"], googlebusiness: ["text"], facebook: ["text"], twitter: [], threads: [], bluesky: [] });
  });
});
