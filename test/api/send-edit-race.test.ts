import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sandboxRecords } from "../../src/db/schema/index.js";
import type { DomainContext } from "../../src/domain/core/context.js";
import { approvePost } from "../../src/domain/publishing/approvals/decide-post.js";
import { publishDraft } from "../../src/domain/publishing/posts/change-post.js";
import { mediaLoaderFor } from "../../src/domain/publishing/media/load-media-for-publish.js";
import type { MediaLoader } from "../../src/domain/publishing/posts/prepare-targets.js";
import { ApiError } from "../../src/infra/errors.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { plainJpeg } from "../support/transform-fixtures.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";
import { keyContext } from "../support/key-context.js";

/**
 * An approval checks the post, then claims it: an edit (PATCH on a held post) landing between the
 * two must not be sent unchecked. The edit is made to land exactly there: during the approval's
 * checks, through the media loader they call.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

/** A media loader that, the first time the checks load a file, commits `edit` to the post first; `edited()` says whether it ran. */
function editingDuringChecks(ctx: DomainContext, ws: WorkspaceFixture, id: string, edit: Record<string, unknown>) {
  const load = mediaLoaderFor(ctx);
  let edited = false;
  const loader: MediaLoader = async (...args) => {
    if (!edited) {
      edited = true;
      const answer = await ws.patch(`/v1/posts/${id}`, edit);
      expect(answer.status, answer.text).toBe(200);
    }
    return load(...args);
  };
  return { loader, edited: () => edited };
}

const sentTexts = async () =>
  (await t.db.select().from(sandboxRecords).where(eq(sandboxRecords.platform, "bluesky")))
    .filter((r) => r.kind.includes("record"))
    .map((r) => JSON.stringify(r.data))
    .filter((data) => data.includes("version"));

describe("sending a post that is edited while it is checked", () => {
  it("approving: sends nothing and keeps it pending with the edit; approving again checks and sends the edited version", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    await ws.patch("/v1/approval-settings", { requireApproval: true });
    const bsky = await ws.connect("bluesky");
    const image = await ws.upload(await plainJpeg(400, 300), "image/jpeg");
    const held = await ws.publish({ text: "first version", accounts: [bsky.id], media: [image.id], mediaAlt: ["a photo"] });
    expect(held.state).toBe("pending_approval");

    const during = editingDuringChecks(await keyContext(t, ws), ws, held.id, { text: "second version" });
    const refused = await approvePost({ ctx: await keyContext(t, ws), input: { id: held.id }, loadMedia: during.loader }).catch((error: unknown) => error);
    expect(during.edited()).toBe(true);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe("post_state_invalid");
    expect((refused as ApiError).message).toContain("edited while this approval checked it");

    const after = (await ws.get(`/v1/posts/${held.id}`)).body;
    expect(after.state).toBe("pending_approval");
    expect(after.text).toBe("second version");
    expect(await sentTexts()).toEqual([]);

    const approved = await ws.post(`/v1/posts/${held.id}/approve`);
    expect(approved.status, approved.text).toBe(200);
    const sent = await sentTexts();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("second version");
  });

  it("publishing a draft that is edited while it is checked sends nothing and keeps the draft; publishing again sends the edit", async () => {
    const ws = await testWorkspace(t, { plan: "subscription" });
    const bsky = await ws.connect("bluesky");
    const image = await ws.upload(await plainJpeg(400, 300), "image/jpeg");
    const draft = await ws.publish({ text: "draft version one", accounts: [bsky.id], media: [image.id], mediaAlt: ["a photo"], draft: true });
    expect(draft.state).toBe("draft");
    const during = editingDuringChecks(await keyContext(t, ws), ws, draft.id, { text: "draft version two" });
    const limits = { enforce: async () => undefined };
    const refused = await publishDraft({ ctx: await keyContext(t, ws), input: { id: draft.id }, loadMedia: during.loader, limits }).catch((error: unknown) => error);
    expect(during.edited()).toBe(true);
    expect((refused as ApiError).code).toBe("post_state_invalid");
    const after = (await ws.get(`/v1/posts/${draft.id}`)).body;
    expect(after.state).toBe("draft");
    expect(after.text).toBe("draft version two");
    expect((await sentTexts()).filter((text) => text.includes("draft version"))).toEqual([]);

    expect((await ws.post(`/v1/posts/${draft.id}/publish`)).status).toBe(200);
    const sent = (await sentTexts()).filter((text) => text.includes("draft version"));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain("draft version two");
  });
});
