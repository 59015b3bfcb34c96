import { beforeAll, describe, expect, it } from "vitest";
import { createDbSandboxStore } from "../../src/domain/accounts/sandbox/db-sandbox-store.js";
import type { SandboxPhoto } from "../../src/sandbox/facebook/page-posts.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { testWorkspace } from "../support/workspace-fixture.js";
import { jpeg } from "../unit/media-fixtures.js";

/**
 * Page photos carry their alt text: Page.json's POST /{page-id}/photos takes `alt_text_custom`,
 * sent from `mediaAlt` for a single photo, each photo of an album and a photo story; a photo
 * without one gets validate's `alt_text_missing` warning, as on the other networks that take it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe("Facebook page photos' alt text", () => {
  it("sends each photo's mediaAlt as alt_text_custom, and warns about a photo without one", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("facebook");
    const pageId = (await ws.get(`/v1/social-accounts/${account.id}/targets`)).body.items[0]?.id ?? "";
    const first = await ws.upload(jpeg(1080, 1080), "image/jpeg");
    const second = await ws.upload(jpeg(1080, 1350), "image/jpeg");
    const options = { facebook: { pageId } };

    const bare = { text: "Harbour", accounts: [account.id], media: [first.id], platformOptions: options };
    const warnings = (await ws.post("/v1/posts/validate", bare)).body.targets[0]?.warnings ?? [];
    expect(warnings.map((w: { code: string }) => w.code)).toContain("alt_text_missing");

    for (const body of [
      { text: "Photo", accounts: [account.id], media: [first.id], mediaAlt: ["A harbour at dawn"], platformOptions: options },
      { text: "Album", accounts: [account.id], media: [first.id, second.id], mediaAlt: ["A harbour at dawn", "Boats at dusk"], platformOptions: options },
      { text: "Story", accounts: [account.id], media: [second.id], mediaAlt: ["Boats at dusk"], platformOptions: { facebook: { pageId, postType: "story" } } },
    ]) {
      const validated = (await ws.post("/v1/posts/validate", body)).body.targets[0];
      expect(validated?.warnings.map((w: { code: string }) => w.code)).not.toContain("alt_text_missing");
      const post = await ws.settle(await ws.publish(body));
      expect(post.targets[0]?.state, JSON.stringify(post.targets[0]?.error)).toBe("published");
    }
    const photos = (await createDbSandboxStore(t.db, ws.id).list<SandboxPhoto>("facebook", "photo")).map((r) => r.data.altText);
    expect(photos.sort()).toEqual(["A harbour at dawn", "A harbour at dawn", "Boats at dusk", "Boats at dusk"]);
  });
});
