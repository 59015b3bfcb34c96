import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { mediaVariants } from "../../src/db/schema/index.js";
import { nodeMediaTransforms } from "../../src/node/media-transforms.js";
import { describeOnEachDatabase } from "../support/each-database.js";
import { plainJpeg } from "../support/transform-fixtures.js";
import { testWorkspace } from "../support/workspace-fixture.js";

const transforms = await nodeMediaTransforms();

describeOnEachDatabase(
  "two publishes deriving the same variant at once",
  (app) => {
    it("store one variant (the unique index on media and recipe), and the loser's file is removed", { timeout: 120_000 }, async () => {
      const t = app();
      const ws = await testWorkspace(t, { plan: "subscription" });
      const first = await ws.connect("instagram");
      const second = await ws.connect("instagram");
      const uploaded = await ws.post("/v1/media", undefined, { raw: await plainJpeg(2000, 500), headers: { "content-type": "image/jpeg" } });
      expect(uploaded.status).toBe(201);
      const mediaId = uploaded.body.id;
      const body = (account: string) => ({ text: "Race", accounts: [account], media: [mediaId], autoFix: true });
      const posts = await Promise.all([ws.publish(body(first.id)), ws.publish(body(second.id))]);
      for (const post of posts) expect(post.targets[0]?.error ?? null).toBeNull();

      const rows = await t.db.select().from(mediaVariants).where(eq(mediaVariants.mediaId, mediaId));
      expect(rows).toHaveLength(1);
      const dir = join(t.mediaDir, ws.id);
      const files = existsSync(dir)
        ? readdirSync(dir)
            .filter((name) => !name.endsWith(".meta.json"))
            .sort()
        : [];
      expect(files).toEqual([mediaId, rows[0]?.id].sort());
    });
  },
  { deps: { mediaTransforms: transforms } },
);
