import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { media } from "../../src/db/schema/index.js";
import { type IsolationCase, expectInvisible, expectNotFound } from "../support/isolation.js";
import type { TestApp } from "../support/test-app.js";
import type { Reply, WorkspaceFixture } from "../support/workspace-fixture.js";
import { png } from "../unit/media-fixtures.js";

/** Workspace A uploads an image; the probes run as B. */
const seedMedia = async (_t: TestApp, a: WorkspaceFixture) => {
  const created = await a.upload(png(640, 360), "image/png");
  return { id: created.id, workspaceId: a.id };
};

/** Workspace A starts an upload session of a 3-byte-short image; the probes run as B. */
const seedUpload = async (_t: TestApp, a: WorkspaceFixture) => {
  const created = await a.post("/v1/media/uploads", { filename: "a.png", contentType: "image/png", size: 1000 });
  expect(created.status, created.text).toBe(201);
  return { id: created.body.id, workspaceId: a.id };
};
const uploadUnknown = (answer: Reply<unknown>) => expect(answer.error).toMatchObject({ code: "upload_unknown" });

export const mediaCases: IsolationCase[] = [
  {
    method: "GET",
    path: "/v1/media",
    seed: seedMedia,
    probe: async (_t, b, s) => {
      await expectInvisible(await b.request("/v1/media"), s);
      await expectInvisible(await b.request("/v1/media?unused=true"), s);
    },
  },
  {
    method: "POST",
    path: "/v1/media/uploads",
    seed: seedUpload,
    probe: async (_t, b, s) => {
      const response = await b.request("/v1/media/uploads", { method: "POST", json: { filename: "b.png", contentType: "image/png", size: 10 } });
      expect(response.status).toBe(201);
      await expectInvisible(response, s);
    },
  },
  { method: "GET", path: "/v1/media/uploads/:id", seed: seedUpload, probe: async (_t, b, s) => uploadUnknown(await b.get(`/v1/media/uploads/${s.id}`)) },
  {
    method: "PUT",
    path: "/v1/media/uploads/:id/parts/:number",
    seed: seedUpload,
    probe: async (_t, b, s) => uploadUnknown(await b.put(`/v1/media/uploads/${s.id}/parts/1`, undefined, { raw: new Uint8Array(1000), headers: { "content-type": "application/octet-stream" } })),
  },
  { method: "POST", path: "/v1/media/uploads/:id/complete", seed: seedUpload, probe: async (_t, b, s) => uploadUnknown(await b.post(`/v1/media/uploads/${s.id}/complete`)) },
  { method: "DELETE", path: "/v1/media/uploads/:id", seed: seedUpload, probe: async (_t, b, s) => uploadUnknown(await b.delete(`/v1/media/uploads/${s.id}`)) },
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
      const response = await b.get(`/v1/media/${s.id}`);
      expect(response.error).toMatchObject({ code: "media_unknown" });
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
