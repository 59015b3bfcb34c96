import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { EMBEDDED_SHARED_BUFFERS, isInitialised, openEmbeddedDatabase } from "../../src/db/pglite.js";
import { migrationsFolder } from "../../src/db/migrations-folder.js";

const journalLength = async () => (JSON.parse(await readFile(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;

/** A template as the build writes one, from the run's migrated dump, carrying a table only it has. */
async function markedTemplate(folder: string): Promise<string> {
  const snapshot = inject("pgliteSnapshot");
  const source = await openEmbeddedDatabase(undefined, snapshot ? { from: new Blob([await readFile(snapshot)]) } : {});
  try {
    await source.client.exec("create table template_marker (id int); insert into template_marker values (7)");
    const file = join(folder, "template.tar.gz");
    await writeFile(file, new Uint8Array(await (await source.client.dumpDataDir("gzip")).arrayBuffer()));
    return file;
  } finally {
    await source.close();
  }
}

async function sharedBuffers(client: { query: (sql: string) => Promise<{ rows: unknown[] }> }): Promise<unknown> {
  const result = await client.query("SHOW shared_buffers");
  return (result.rows[0] as { shared_buffers?: unknown } | undefined)?.shared_buffers;
}

/**
 * The embedded database's memory: PGlite's default 128MB buffer pool was most of an idle server's
 * RSS, and a new data folder is initialised in a child process (initdb's second instance stays
 * in memory otherwise), then opened here already migrated.
 */
describe("opening the embedded database", () => {
  it("starts PostgreSQL with the small buffer pool", async () => {
    const snapshot = inject("pgliteSnapshot");
    const embedded = await openEmbeddedDatabase(undefined, snapshot ? { from: new Blob([await readFile(snapshot)]) } : {});
    try {
      expect(EMBEDDED_SHARED_BUFFERS).toBe("8MB");
      expect(await sharedBuffers(embedded.client)).toBe("8MB");
    } finally {
      await embedded.close();
    }
  });

  it("initialises a new data folder, migrated, and opens it again after a restart", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "chorus-pglite-open-"));
    const journal = JSON.parse(await readFile(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
    try {
      expect(isInitialised(dataDir)).toBe(false);
      for (const round of ["first start", "restart"]) {
        const embedded = await openEmbeddedDatabase(dataDir);
        try {
          const applied = await embedded.client.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
          expect({ round, applied: applied.rows[0]?.n }).toEqual({ round, applied: journal.entries.length });
          expect(await sharedBuffers(embedded.client)).toBe("8MB");
        } finally {
          await embedded.close();
        }
        expect(isInitialised(dataDir)).toBe(true);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("starts a new data folder from the template instead of initdb, beside what the folder already holds and over what a cut-short start left", async () => {
    const folder = await mkdtemp(join(tmpdir(), "chorus-pglite-template-"));
    try {
      const template = await markedTemplate(folder);
      const dataDir = join(folder, "data");
      await mkdir(join(dataDir, "base", "1"), { recursive: true });
      await writeFile(join(dataDir, "base", "1", "half-written"), "x");
      await writeFile(join(dataDir, "server.lock"), "1234");
      expect(isInitialised(dataDir)).toBe(false);
      for (const round of ["first start", "restart"]) {
        const embedded = await openEmbeddedDatabase(dataDir, { template });
        try {
          const marker = await embedded.client.query<{ id: number }>("select id from template_marker");
          const applied = await embedded.client.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
          expect({ round, marker: marker.rows, applied: applied.rows[0]?.n }).toEqual({ round, marker: [{ id: 7 }], applied: await journalLength() });
        } finally {
          await embedded.close();
        }
      }
      expect(await readFile(join(dataDir, "server.lock"), "utf8")).toBe("1234");
      expect(existsSync(join(dataDir, "base", "1", "half-written"))).toBe(false);
      expect((await readdir(folder)).filter((name) => name.includes("initialising"))).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
