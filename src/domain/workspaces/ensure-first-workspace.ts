import { count } from "drizzle-orm";
import { workspaces } from "../../db/schema/index.js";
import type { Database } from "../../db/types.js";
import type { CreatedApiKey } from "../keys/index.js";
import { createWorkspace } from "./create-workspace.js";

/** Credits granted to each ledger of the first workspace of an embedded install, so a newcomer can try everything. */
export const FIRST_WORKSPACE_GRANT = 1000;

/**
 * On a first start with an empty database, creates a workspace on the plan that allows every
 * network, with a credit grant and a test key. Returns the key (to print once) or null when
 * the database already has workspaces.
 */
export async function ensureFirstWorkspace(db: Database, now: Date): Promise<CreatedApiKey | null> {
  const [row] = await db.select({ n: count() }).from(workspaces);
  if ((row?.n ?? 0) > 0) return null;
  const { apiKey } = await createWorkspace(db, {
    name: "My workspace",
    email: "owner@localhost",
    plan: "subscription",
    grantCredits: FIRST_WORKSPACE_GRANT,
    grantTestCredits: FIRST_WORKSPACE_GRANT,
    keyMode: "test",
    keyName: "first test key",
    actor: "operator",
    at: now,
  });
  return apiKey;
}
