import { parseArgs } from "node:util";
import { openEmbeddedDatabase } from "../db/pglite.js";
import { openServerDatabase } from "../db/node-postgres.js";
import type { Database } from "../db/types.js";
import { isPlanId } from "../domain/billing/plans.js";
import { createApiKey } from "../domain/keys/create-api-key.js";
import { createWorkspace } from "../domain/workspaces/create-workspace.js";
import { OperatorError, grantCredits, setLimits, setNicknameLock, setPlan } from "../domain/workspaces/operator-actions.js";
import { platformIds } from "../networks/platform-ids.js";

const usage = `Chorus operator commands (npm run chorus -- <command> [options])

  migrate                                   apply migrations (DATABASE_URL, else the embedded data folder)
  workspace create --name N --email E [--plan free|subscription] [--mode test|live] [--grant N]
  key create --workspace ws_… [--mode test|live] [--name N]
  credits grant --workspace ws_… --amount N [--purchased]
  plan set --workspace ws_… --plan free|subscription
  limits set --workspace ws_… [--api-per-minute N] [--posts-per-minute N]
             [--profile-api-per-minute N] [--profile-posts-per-minute N] [--blocked-platforms a,b]
  nickname lock|unlock --key agt_…

The database is DATABASE_URL when set, otherwise PGlite under CHORUS_DATA_DIR (default ./.data).
Every command prints one JSON object.`;

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
    "api-per-minute": { type: "string" },
    "posts-per-minute": { type: "string" },
    "profile-api-per-minute": { type: "string" },
    "profile-posts-per-minute": { type: "string" },
    "blocked-platforms": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

function need(name: keyof typeof values): string {
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new OperatorError(`--${name} is required`);
  return value;
}
const mode = () => {
  const m = values.mode ?? "test";
  if (m !== "test" && m !== "live") throw new OperatorError("--mode must be test or live");
  return m;
};
const plan = () => {
  const p = values.plan ?? "free";
  if (!isPlanId(p)) throw new OperatorError("--plan must be free or subscription");
  return p;
};
const int = (name: keyof typeof values) => (typeof values[name] === "string" ? Number(values[name]) : undefined);

async function run(db: Database, command: string): Promise<unknown> {
  const at = new Date();
  switch (command) {
    case "migrate":
      return { migrated: true };
    case "workspace create": {
      const grant = int("grant");
      const created = await createWorkspace(db, { name: need("name"), email: need("email"), plan: plan(), keyMode: mode(), actor: "operator", at, ...(grant ? { grantCredits: grant } : {}) });
      return { workspace: created.workspaceId, keyId: created.apiKey.id, key: created.apiKey.key, mode: created.apiKey.mode };
    }
    case "key create": {
      const key = await createApiKey(db, { workspaceId: need("workspace"), mode: mode(), name: values.name ?? `${mode()} key`, actor: "operator", at });
      return { keyId: key.id, key: key.key, mode: key.mode };
    }
    case "credits grant":
      return grantCredits(db, { workspaceId: need("workspace"), amount: Number(need("amount")), purchased: values.purchased ?? false, at });
    case "plan set":
      return setPlan(db, { workspaceId: need("workspace"), plan: plan(), at });
    case "limits set": {
      const blocked = values["blocked-platforms"]?.split(",").filter(Boolean);
      const unknown = blocked?.filter((p) => !(platformIds as readonly string[]).includes(p)) ?? [];
      if (unknown.length) throw new OperatorError(`unknown platforms: ${unknown.join(", ")}`);
      const settings = Object.fromEntries(
        Object.entries({
          apiPerMinute: int("api-per-minute"),
          postsPerMinute: int("posts-per-minute"),
          profileApiPerMinute: int("profile-api-per-minute"),
          profilePostsPerMinute: int("profile-posts-per-minute"),
          blockedPlatforms: blocked,
        }).filter(([, v]) => v !== undefined),
      );
      const row = await setLimits(db, { workspaceId: need("workspace"), settings });
      return { workspace: row?.id, apiPerMinute: row?.apiPerMinute, postsPerMinute: row?.postsPerMinute, profileApiPerMinute: row?.profileApiPerMinute, profilePostsPerMinute: row?.profilePostsPerMinute, blockedPlatforms: row?.blockedPlatforms };
    }
    case "nickname lock":
    case "nickname unlock":
      return setNicknameLock(db, { keyId: need("key"), locked: command === "nickname lock" });
    default:
      throw new OperatorError(`Unknown command "${command}".\n\n${usage}`);
  }
}

const command = positionals.join(" ");
if (values.help || !command) {
  console.log(usage);
  process.exit(values.help ? 0 : 1);
}
const url = process.env.DATABASE_URL;
// Opening runs the migrations, so `migrate` is simply opening the database.
const opened = url ? await openServerDatabase(url, { max: 2 }) : await openEmbeddedDatabase(process.env.CHORUS_DATA_DIR ?? "./.data");
try {
  console.log(JSON.stringify(await run(opened.db, command)));
} catch (error) {
  if (error instanceof OperatorError) {
    console.error(`error: ${error.message}`);
    process.exitCode = 2;
  } else throw error;
} finally {
  await opened.close();
}
