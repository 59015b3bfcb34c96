/**
 * globalSetup of the "node" vitest project: migrates one in-memory PGlite, the same way the
 * server does, and writes a dump of it to a temporary file whose path every test file receives
 * (`inject("pgliteSnapshot")`). Each file then starts its own database from that dump: initdb
 * and the migrations cost 2.5-5 s per file on the CI machine, the load 0.6 s. Made fresh every
 * run, so it always holds the migrations of the checkout under test.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openEmbeddedDatabase } from "../../src/db/pglite.js";

declare module "vitest" {
  interface ProvidedContext {
    /** A dump of a freshly migrated PGlite (test/support/pglite-snapshot-setup.ts). */
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), "chorus-pglite-"));
  const file = join(folder, "migrated.tar");
  const database = await openEmbeddedDatabase();
  try {
    // The template databases are only for CREATE DATABASE, which no test runs on PGlite: without
    // them the dump is 27 MB instead of 42, and each file's load costs about a fifth less CPU.
    await database.client.exec("update pg_database set datistemplate = false where datname in ('template0', 'template1')");
    await database.client.exec("drop database template0");
    await database.client.exec("drop database template1");
    await database.client.exec("checkpoint");
    // Uncompressed: the load is what every file pays, and gunzip would add to it.
    const dump = await database.client.dumpDataDir("none");
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("pgliteSnapshot", file);
  return () => rm(folder, { recursive: true, force: true });
}
