import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { bulkImports, posts } from "../../src/db/schema/index.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { testWorkspace } from "../support/workspace-fixture.js";

/**
 * Ten retries of one import at the same moment. The request-level lease is 0 here, so the
 * Idempotency-Key's own claim lets every retry run (as retries do once a request has outlived its
 * lease): what keeps each row to one post is the import's unique request key and the row claims.
 */
describeOnEachDatabase(
  "bulk import retried ten times at once",
  (app) => {
    it("creates each row exactly once", async () => {
      const t = app();
      t.clock.set(new Date("2027-02-01T08:00:00Z"));
      const ws = await testWorkspace(t, { plan: "subscription" });
      const account = await ws.connect("bluesky");
      const rows = Array.from({ length: 12 }, (_, i) => ({ text: `raced row ${i}`, accounts: [account.id], scheduledAt: "2027-03-01T09:00:00Z" }));
      const answers = await Promise.all(Array.from({ length: 10 }, () => ws.post("/v1/posts/bulk", { rows }, { headers: { "idempotency-key": "raced-import" } })));
      for (const answer of answers) expect([201, 202, 409], answer.text).toContain(answer.status);
      await t.drainJobs();
      const imports = await t.db.select().from(bulkImports).where(eq(bulkImports.workspaceId, ws.id));
      expect(imports).toHaveLength(1);
      const stored = await t.db.select({ text: posts.text }).from(posts).where(eq(posts.workspaceId, ws.id));
      expect(stored).toHaveLength(12);
      expect(new Set(stored.map((p) => p.text)).size).toBe(12);
      const progress = await ws.get(`/v1/bulk-imports/${imports[0]?.id}`);
      expect(progress.body).toMatchObject({ state: "done", created: 12, failed: 0, pending: 0 });
    });
  },
  { deps: { idempotencyLeaseMs: 0 } },
);
