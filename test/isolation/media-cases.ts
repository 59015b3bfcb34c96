import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { media } from "../../src/db/schema/index.js";
import { type IsolationCase, expectInvisible, expectNotFound } from "../support/isolation.js";
import type { TestApp, TestWorkspace } from "../support/test-app.js";
import { errorOf } from "../support/test-app.js";
import { png } from "../unit/media-fixtures.js";

/** Workspace A uploads an image; the probes run as B. */
const seedMedia = async (_t: TestApp, a: TestWorkspace) => {
  const response = await a.request("/v1/media", { method: "POST", headers: { "content-type": "image/png" }, body: png(640, 360) });
  const created = (await response.json()) as { id: string };
  return { id: created.id, workspaceId: a.id };
};

export const mediaCases: IsolationCase[] = [
  {
    method: "POST",
    path: "/v1/media",
    seed: seedMedia,
    probe: async (t, b, s) => {
      // B's upload is B's own: nothing of A's in the answer, and A's record is untouched.
      const response = await b.request("/v1/media", { method: "POST", headers: { "content-type": "image/png" }, body: png(2, 2) });
      expect(response.status).toBe(201);
      await expectInvisible(response, s);
      const [row] = await t.db
        .select()
        .from(media)
        .where(eq(media.id, s.id ?? ""));
      expect(row?.workspaceId).toBe(s.workspaceId);
    },
  },
  {
    method: "GET",
    path: "/v1/media/:id",
    seed: seedMedia,
    probe: async (_t, b, s) => {
      const response = await b.request(`/v1/media/${s.id}`);
      expect(await errorOf(response.clone())).toMatchObject({ code: "media_unknown" });
      await expectNotFound(response, s);
    },
  },
  {
    method: "DELETE",
    path: "/v1/media/:id",
    seed: seedMedia,
    probe: async (t, b, s) => {
      await expectNotFound(await b.request(`/v1/media/${s.id}`, { method: "DELETE" }), s);
      // Still there for A: the record and its file.
      const [row] = await t.db
        .select()
        .from(media)
        .where(eq(media.id, s.id ?? ""));
      expect(row?.workspaceId).toBe(s.workspaceId);
      expect(await t.deps.mediaStorage.get(row?.storageKey ?? "")).not.toBeNull();
    },
  },
];
