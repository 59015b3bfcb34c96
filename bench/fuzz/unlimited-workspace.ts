import { eq } from "drizzle-orm";
import { workspaces } from "../../src/db/schema/index.js";
import type { Database } from "../../src/db/types.js";

/** The fuzzer sends thousands of requests a minute: lift the workspace's ceilings so 429s do not hide the code behind them. */
export async function liftWorkspaceLimits(db: Database, workspaceId: string): Promise<void> {
  const lots = 100_000_000;
  await db.update(workspaces).set({ apiPerMinute: lots, postsPerMinute: lots, profileApiPerMinute: lots, profilePostsPerMinute: lots }).where(eq(workspaces.id, workspaceId));
}
