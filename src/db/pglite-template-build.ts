import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { openInProcess } from "./pglite.js";
import { TEMPLATE_NAME } from "./pglite-template.js";

/** Writes a gzip dump of a freshly initialised and migrated database to `file` (pglite-template.ts says why). */
export async function writeTemplate(file: string): Promise<void> {
  const database = await openInProcess();
  try {
    const dump = await database.client.dumpDataDir("gzip");
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

// `node dist/db/pglite-template-build.js`, the last step of `npm run build`: the template beside the compiled module.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeTemplate(fileURLToPath(new URL(`./${TEMPLATE_NAME}`, import.meta.url)));
}
