import type { Database } from "../db/types.js";
import { isPlanId } from "../domain/billing/index.js";
import { createAppLink } from "../domain/workspaces/index.js";
import { createApiKey } from "../domain/keys/index.js";
import { listKeys, revokeKey } from "../domain/keys/index.js";
import { createWorkspace } from "../domain/workspaces/index.js";
import { listWorkspaces } from "../domain/workspaces/index.js";
import { OperatorError, grantCredits, resetTestCredits, setLimits, setNicknameLock, setPlan } from "../domain/workspaces/index.js";
import { platformIds } from "../networks/registry.js";
import { eq } from "drizzle-orm";
import { workspaces } from "../db/schema/index.js";

export const usage = `Chorus operator commands (npm run chorus -- <command> [options])

  migrate                                   apply migrations (DATABASE_URL, else the embedded data folder)
  workspace create --name N --email E [--plan free|subscription] [--mode test|live] [--grant N]
  workspace list
  key create --workspace ws_… [--mode test|live] [--name N]
  key list --workspace ws_…                 prefix, mode, name, created, last used, revoked (never the key)
  key revoke --key agt_…
  credits grant --workspace ws_… --amount N [--mode live|test] [--purchased]
                                            live (default) or test ledger; --purchased (live) makes a free plan payg
  credits reset --workspace ws_… --mode test
                                            the test ledger back to the plan's monthly allowance, no granted credits
  plan set --workspace ws_… --plan free|subscription
  limits set --workspace ws_… [--api-per-minute N] [--posts-per-minute N]
             [--profile-api-per-minute N] [--profile-posts-per-minute N] [--blocked-platforms a,b]
  nickname lock|unlock --key agt_…
  app-link --workspace ws_… [--mode test|live] [--url https://chorus.example.com]
                                            a single-use, 5-minute sign-in link to the dashboard
                                            (--url: the server's public URL; default CHORUS_PUBLIC_URL, else http://localhost:8787)

The database is DATABASE_URL when set, otherwise PGlite under CHORUS_DATA_DIR (default ./.data).
The embedded database belongs to one process: while \`npm start\` runs on it, these commands refuse
(stop the server first, or run both on PostgreSQL with DATABASE_URL). Every command prints one JSON object.`;

export type CliValues = Record<string, string | boolean | undefined>;

/** One operator command on an open database; returns the JSON to print. Bad input is an OperatorError. */
export async function runCommand(db: Database, command: string, values: CliValues, at = new Date()): Promise<unknown> {
  const need = (name: string): string => {
    const value = values[name];
    if (typeof value !== "string" || value === "") throw new OperatorError(`--${name} is required`);
    return value;
  };
  const mode = (fallback: "test" | "live") => {
    const m = values.mode ?? fallback;
    if (m !== "test" && m !== "live") throw new OperatorError("--mode must be test or live");
    return m;
  };
  const plan = () => {
    const p = values.plan ?? "free";
    if (typeof p !== "string" || !isPlanId(p)) throw new OperatorError("--plan must be free or subscription");
    return p;
  };
  const int = (name: string) => (typeof values[name] === "string" ? Number(values[name]) : undefined);

  switch (command) {
    case "migrate":
      return { migrated: true };
    case "workspace create": {
      const grant = int("grant");
      const created = await createWorkspace(db, { name: need("name"), email: need("email"), plan: plan(), keyMode: mode("test"), actor: "operator", at, ...(grant ? { grantCredits: grant } : {}) });
      return { workspace: created.workspaceId, keyId: created.apiKey.id, key: created.apiKey.key, mode: created.apiKey.mode };
    }
    case "workspace list":
      return { items: await listWorkspaces(db) };
    case "key create": {
      const key = await createApiKey(db, { workspaceId: need("workspace"), mode: mode("test"), name: typeof values.name === "string" ? values.name : `${mode("test")} key`, actor: "operator", at });
      return { keyId: key.id, key: key.key, mode: key.mode };
    }
    case "key list":
      return { items: await listKeys(db, { workspaceId: need("workspace") }) };
    case "key revoke":
      return revokeKey(db, { keyId: need("key"), at });
    case "credits grant":
      return grantCredits(db, { workspaceId: need("workspace"), amount: Number(need("amount")), purchased: values.purchased === true, mode: mode("live"), at });
    case "credits reset":
      if (values.mode !== "test") throw new OperatorError("credits reset works on the test ledger only: pass --mode test");
      return resetTestCredits(db, { workspaceId: need("workspace"), at });
    case "plan set":
      return setPlan(db, { workspaceId: need("workspace"), plan: plan(), at });
    case "limits set": {
      const blocked = typeof values["blocked-platforms"] === "string" ? values["blocked-platforms"].split(",").filter(Boolean) : undefined;
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
      return {
        workspace: row?.id,
        apiPerMinute: row?.apiPerMinute,
        postsPerMinute: row?.postsPerMinute,
        profileApiPerMinute: row?.profileApiPerMinute,
        profilePostsPerMinute: row?.profilePostsPerMinute,
        blockedPlatforms: row?.blockedPlatforms,
      };
    }
    case "app-link": {
      const workspaceId = need("workspace");
      const [workspace] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
      if (!workspace) throw new OperatorError(`No workspace ${workspaceId}`);
      const publicUrl = (typeof values.url === "string" ? values.url : "http://localhost:8787").replace(/\/+$/, "");
      if (!/^https?:\/\/[^/]+/.test(publicUrl)) throw new OperatorError("--url must be the server's http(s) address, such as https://chorus.example.com");
      return createAppLink({ ctx: { db, clock: { now: () => at }, workspace, apiKey: { id: "operator", mode: mode("live") }, services: { publicUrl } } });
    }
    case "nickname lock":
    case "nickname unlock":
      return setNicknameLock(db, { keyId: need("key"), locked: command === "nickname lock" });
    default:
      throw new OperatorError(`Unknown command "${command}".\n\n${usage}`);
  }
}
