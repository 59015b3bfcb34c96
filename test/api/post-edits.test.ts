import { beforeAll, describe, expect, it } from "vitest";
import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import type { SandboxPagePost } from "../../src/sandbox/facebook/page-posts.js";
import type { PlatformId } from "../../src/types/platform-ids.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

/**
 * PATCH /v1/posts/{id} on a published post: the change reaches each live target whose network can
 * make it, is refused per target where it cannot, and is kept in GET /v1/posts/{id}/edits. The
 * networks' state is read back from the simulators themselves.
 */

async function stored<T>(t: TestApp, ws: WorkspaceFixture, platform: PlatformId, kind: string, id: string): Promise<T | undefined> {
  return (await createDbSandboxStore(t.db, ws.id).get<T>(platform, kind, id))?.data;
}

async function firstTarget(ws: WorkspaceFixture, accountId: string): Promise<string> {
  return (await ws.get(`/v1/social-accounts/${accountId}/targets`)).body.items[0]?.id ?? "";
}

describe("editing a published post", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("changes a Facebook page post's text and refuses the same change on Bluesky with edit_unsupported", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const facebook = await ws.connect("facebook");
    const bluesky = await ws.connect("bluesky");
    const pageId = await firstTarget(ws, facebook.id);
    const post = await ws.settle(await ws.publish({ text: "before the edit", accounts: [facebook.id, bluesky.id], platformOptions: { facebook: { pageId } } }));
    expect(post.state, JSON.stringify(post.targets)).toBe("published");
    const fb = post.targets.find((x) => x.platform === "facebook");

    const edited = await ws.patch(`/v1/posts/${post.id}`, { text: "after the edit" });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.text).toBe("after the edit");
    const edit = edited.body.edit;
    expect(edit?.fields).toEqual(["text"]);
    expect(edit?.targets.find((x) => x.platform === "facebook")).toMatchObject({ state: "edited", error: null });
    expect(edit?.targets.find((x) => x.platform === "bluesky")).toMatchObject({ state: "failed", error: { code: "edit_unsupported", platform: "bluesky", param: "text" } });
    expect(edit?.targets.find((x) => x.platform === "bluesky")?.error?.fix).toContain("retract");
    expect((await stored<SandboxPagePost>(t, ws, "facebook", "page_post", fb?.networkPostId ?? ""))?.message).toBe("after the edit");

    const history = await ws.get(`/v1/posts/${post.id}/edits`);
    expect(history.status).toBe(200);
    expect(history.body.items.map((e) => e.id)).toEqual([edit?.id]);
    expect(history.body.items[0]?.targets).toEqual(edit?.targets);
  });

  it("refuses media and schedule changes on a published post, writing nothing", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bluesky = await ws.connect("bluesky");
    const post = await ws.settle(await ws.publish({ text: "published", accounts: [bluesky.id] }));
    const media = await ws.patch(`/v1/posts/${post.id}`, { text: "x", media: [] });
    expect(media.status).toBe(422);
    expect(media.error).toMatchObject({ code: "edit_unsupported", param: "media" });
    const empty = await ws.patch(`/v1/posts/${post.id}`, {});
    expect(empty.status).toBe(400);
    expect((await ws.get(`/v1/posts/${post.id}/edits`)).body.items).toEqual([]);
    expect((await ws.get(`/v1/posts/${post.id}`)).body.text).toBe("published");
  });
});
