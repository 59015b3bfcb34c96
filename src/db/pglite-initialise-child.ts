import { mkdir, readFile, readdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { openInProcess } from "./pglite.js";

/**
 * The child of initialiseInChild (src/db/pglite-initialise.ts): the database is made in a staging
 * folder beside the data folder, from the template when there is one (else initdb) with the
 * migrations, closed, and only then moved in, PG_VERSION last: a start cut short never leaves a
 * folder that the next start would take for an initialised one (isInitialised looks for
 * PG_VERSION). The data folder may already hold other things (the server's lock file), so the
 * database's entries move, not the folder.
 */
const [dataDir, template] = process.argv.slice(2);
if (!dataDir) throw new Error("usage: pglite-initialise-child <data folder> [template]");
const staging = `${dataDir}.initialising-${process.pid}`;
await rm(staging, { recursive: true, force: true });
const opened = await openInProcess(staging, template ? new Blob([await readFile(template)]) : undefined);
await opened.close();
await mkdir(dataDir, { recursive: true });
const entries = (await readdir(staging)).sort((a, b) => Number(a === "PG_VERSION") - Number(b === "PG_VERSION"));
for (const entry of entries) {
  // What an earlier start cut short left under the same name (it never wrote PG_VERSION) goes first.
  await rm(join(dataDir, entry), { recursive: true, force: true });
  await rename(join(staging, entry), join(dataDir, entry));
}
await rm(staging, { recursive: true, force: true });
process.exit(0);
