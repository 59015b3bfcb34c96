import { parseArgs } from "node:util";
import { openEmbeddedDatabase } from "../db/pglite.js";
import { openServerDatabase } from "../db/node-postgres.js";
import { OperatorError } from "../domain/workspaces/index.js";
import { DataDirBusyError, acquireDataDirLock } from "../node/data-dir-lock.js";
import { runCommand, usage } from "./commands.js";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: "string" },
    email: { type: "string" },
    plan: { type: "string" },
    mode: { type: "string" },
    grant: { type: "string" },
    workspace: { type: "string" },
    amount: { type: "string" },
    purchased: { type: "boolean" },
    key: { type: "string" },
    url: { type: "string" },
    "api-per-minute": { type: "string" },
    "posts-per-minute": { type: "string" },
    "profile-api-per-minute": { type: "string" },
    "profile-posts-per-minute": { type: "string" },
    "blocked-platforms": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

const command = positionals.join(" ");
if (values.help || !command) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}

/** Exit codes: 2 bad operator input, 3 the embedded database is held by a running server. */
async function open() {
  const url = process.env.DATABASE_URL;
  // Opening runs the migrations, so `migrate` is simply opening the database.
  if (url) return openServerDatabase(url, { max: 2 });
  const dataDir = process.env.CHORUS_DATA_DIR ?? "./.data";
  // Refuse before opening: a write into a folder another process holds would be lost.
  const lock = acquireDataDirLock(dataDir, "operator command");
  const opened = await openEmbeddedDatabase(dataDir);
  return {
    db: opened.db,
    close: async () => {
      await opened.close();
      lock.release();
    },
  };
}

let opened: Awaited<ReturnType<typeof open>>;
try {
  opened = await open();
} catch (error) {
  if (!(error instanceof DataDirBusyError)) throw error;
  console.error(
    `error: the embedded database in ${error.dataDir} is in use by the Chorus ${error.holder.role} (pid ${error.holder.pid}, since ${error.holder.startedAt}).\n` +
      "Nothing was changed: a write from here would be lost when that process writes its own copy.\n" +
      `Stop it (Ctrl-C in its terminal, or \`kill ${error.holder.pid}\`), run this command, then start it again;\n` +
      "or run the server and these commands on PostgreSQL (set DATABASE_URL for both), where they work side by side.",
  );
  process.exit(3);
}
try {
  console.log(JSON.stringify(await runCommand(opened.db, command, { ...values, url: values.url ?? process.env.CHORUS_PUBLIC_URL })));
} catch (error) {
  if (error instanceof OperatorError) {
    console.error(`error: ${error.message}`);
    process.exitCode = 2;
  } else throw error;
} finally {
  await opened.close();
}
