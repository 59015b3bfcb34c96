import { openInProcess } from "./pglite.js";

/** The child of initialiseInChild (src/db/pglite-initialise.ts): initdb, migrations, a clean close. */
const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: pglite-initialise-child <data folder>");
const opened = await openInProcess(dataDir);
await opened.close();
process.exit(0);
