import { and, eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { media, mediaUploadSessions, posts } from "../../src/db/schema/index.js";
import type { MediaTransforms } from "../../src/infra/media-transforms/types.js";
import { nodeMediaTransforms } from "../../src/node/media-transforms.js";
import { describeOnEachDatabase, describeOnServer } from "../support/each-database.js";
import type { TestApp } from "../support/test-app.js";
import { plainJpeg } from "../support/transform-fixtures.js";
import { mp4 } from "../unit/media-fixtures.js";
import { testWorkspace } from "../support/workspace-fixture.js";

const ROUNDS = 12;

/** Polls `done` until it holds (a condition, not a fixed wait); fails after `tries`. */
async function until(done: () => Promise<boolean>, what: string, tries = 1000): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting until ${what}`);
}

/** Posts of this workspace whose \`media\` names the file, with their states. */
const postsUsing = (t: TestApp, workspaceId: string, mediaId: string) =>
  t.db
    .select({ id: posts.id, state: posts.state })
    .from(posts)
    .where(and(eq(posts.workspaceId, workspaceId), sql`${posts.media} @> ${JSON.stringify([mediaId])}::jsonb`));

const realTransforms = await nodeMediaTransforms();
/** Runs once, inside the next header read of an image: after the post read its files, before it stores anything. */
let insidePrepare: (() => Promise<void>) | null = null;
const hookedTransforms: MediaTransforms = {
  ...realTransforms,
  images: realTransforms.images && {
    ...realTransforms.images,
    transform: (input, recipes) => realTransforms.images?.transform(input, recipes) ?? Promise.reject(new Error("no sharp")),
    inspect: async (input) => {
      const hook = insidePrepare;
      insidePrepare = null;
      await hook?.();
      return realTransforms.images?.inspect(input) ?? Promise.reject(new Error("no sharp"));
    },
  },
};

describeOnEachDatabase(
  "DELETE /v1/media/{id} between a post reading its file and storing the post",
  (app) => {
    it("the post is refused with media_unknown and nothing is stored (the post's shared lock finds no row)", { timeout: 60_000 }, async () => {
      const t = app();
      const ws = await testWorkspace(t, { plan: "subscription" });
      const account = await ws.connect("bluesky");
      const id = (await ws.upload(await plainJpeg(64, 48), "image/jpeg")).id;
      let deleted: { status: number; text: string } | null = null;
      insidePrepare = async () => {
        deleted = await ws.delete(`/v1/media/${id}`);
      };
      const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
      const post = await ws.post("/v1/posts", { text: "Gone meanwhile", accounts: [account.id], media: [id], scheduledAt: at, autoFix: true });
      expect(deleted).toMatchObject({ status: 200 });
      expect(post.status, post.text).toBe(404);
      expect(post.text).toContain('"code":"media_unknown"');
      expect(await postsUsing(t, ws.id, id)).toEqual([]);
    });
  },
  { deps: { mediaTransforms: hookedTransforms } },
);

describeOnServer("DELETE /v1/media/{id} while a post with the file is being stored", (app) => {
  it("waits for the post's transaction, then sees the post and is refused with media_in_use", { timeout: 60_000 }, async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("bluesky");
    const id = (await ws.upload(await plainJpeg(64, 48), "image/jpeg")).id;
    const jobs = t.deps.jobs;
    const race: { deleting?: Promise<{ status: number; text: string }> } = {};
    // Inside the post's transaction, after its media rows are held: start the delete and let the
    // post commit only once the delete waits on a lock (or has finished, when nothing held it).
    t.deps.jobs = {
      ...jobs,
      enqueue: async (job, db) => {
        if (!race.deleting) {
          let settled = false;
          race.deleting = ws.delete(`/v1/media/${id}`).finally(() => {
            settled = true;
          });
          await until(async () => {
            if (settled) return true;
            const waiting = (await t.db.execute(sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as { rows: unknown[] };
            return waiting.rows.length > 0;
          }, "the delete waits on a lock or ends");
        }
        return jobs.enqueue(job, db);
      },
    };
    try {
      const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
      const post = await ws.post("/v1/posts", { text: "Kept", accounts: [account.id], media: [id], scheduledAt: at });
      expect(post.status, post.text).toBe(201);
      const deleted = await (race.deleting ?? Promise.reject(new Error("the delete never started")));
      expect(deleted.status, deleted.text).toBe(409);
      expect(deleted.text).toContain('"code":"media_in_use"');
      expect(await t.db.select({ id: media.id }).from(media).where(eq(media.id, id))).toHaveLength(1);
      expect(await postsUsing(t, ws.id, id)).toEqual([{ id: post.body.id, state: "scheduled" }]);
    } finally {
      t.deps.jobs = jobs;
    }
  });
});
const PART = 8 * 1024 * 1024;

describeOnEachDatabase("DELETE /v1/media/{id} racing a post that schedules the file", (app) => {
  it("never leaves a scheduled post without its file: either the post is refused or the delete is", { timeout: 180_000 }, async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const account = await ws.connect("bluesky");
    const photo = await plainJpeg(64, 48);
    const ids: string[] = [];
    for (let i = 0; i < ROUNDS; i++) ids.push((await ws.upload(photo, "image/jpeg")).id);
    const at = new Date(t.clock.now().getTime() + 3_600_000).toISOString();

    const outcomes = await Promise.all(
      ids.map(async (id, i) => {
        const [post, deleted] = await Promise.all([ws.post("/v1/posts", { text: `Race ${i}`, accounts: [account.id], media: [id], scheduledAt: at }), ws.delete(`/v1/media/${id}`)]);
        return { id, post, deleted };
      }),
    );
    for (const { id, post, deleted } of outcomes) {
      // Exactly one side wins, and the loser says why.
      if (post.status === 201) {
        expect(deleted.status, deleted.text).toBe(409);
        expect(deleted.text).toContain('"code":"media_in_use"');
      } else {
        expect(post.status, post.text).toBe(404);
        expect(post.text).toContain('"code":"media_unknown"');
        expect(deleted.status, deleted.text).toBe(200);
      }
      const [row] = await t.db.select({ id: media.id }).from(media).where(eq(media.id, id));
      const users = await postsUsing(t, ws.id, id);
      if (row) expect(users.map((u) => u.state)).toEqual(post.status === 201 ? ["scheduled"] : []);
      else expect(users, `post ${users[0]?.id} was stored scheduled with ${id}, which was deleted`).toEqual([]);
    }
  });
});

describeOnEachDatabase("two `complete` calls on one upload session at once", (app) => {
  it("make one media record; the other call is refused or answers the same record", { timeout: 180_000 }, async () => {
    const t = app();
    const ws = await testWorkspace(t, { plan: "subscription" });
    const video = mp4(1280, 720, { timescale: 1000, duration: 4000, mdatBytes: PART + 1024 });
    const sessions: string[] = [];
    for (let i = 0; i < 4; i++) {
      const created = await ws.post("/v1/media/uploads", { filename: `clip${i}.mp4`, contentType: "video/mp4", size: video.byteLength });
      expect(created.status).toBe(201);
      const { id } = created.body;
      for (const n of [1, 2]) {
        const part = video.slice((n - 1) * PART, Math.min(video.byteLength, n * PART));
        const put = await ws.put(`/v1/media/uploads/${id}/parts/${n}`, undefined, { raw: part, headers: { "content-type": "application/octet-stream" } });
        expect(put.status).toBe(200);
      }
      sessions.push(id);
    }
    await Promise.all(
      sessions.map(async (id) => {
        const answers = await Promise.all([1, 2].map(() => ws.post(`/v1/media/uploads/${id}/complete`)));
        const made = answers.flatMap((a) => (a.status === 201 || a.status === 200 ? [a.body.id] : []));
        expect(made.length, answers.map((a) => a.text).join("\n")).toBeGreaterThanOrEqual(1);
        expect(new Set(made).size).toBe(1);
        for (const a of answers) if (a.status >= 300) expect(a.error.code).toBe("upload_closed");
        const [session] = await t.db.select().from(mediaUploadSessions).where(eq(mediaUploadSessions.id, id));
        expect(session?.mediaId).toBe(made[0]);
      }),
    );
    const records = await t.db
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.workspaceId, ws.id), eq(media.kind, "video")));
    expect(records).toHaveLength(sessions.length);
  });
});
