import { and, asc, eq, ne, sql } from "drizzle-orm";
import { socialAccounts, workspaces } from "../../db/schema/index.js";
import { ApiError } from "../../infra/errors.js";
import { billingView, creditsView } from "../billing/credits.js";
import type { DomainContext } from "../context.js";
import type { Database } from "../../db/types.js";

function prepareLimitsQuery(db: Database) {
  return db
    .select({
      workspace: workspaces,
      account: { account: socialAccounts.id, platform: socialAccounts.platform, handle: socialAccounts.handle, status: socialAccounts.status },
    })
    .from(workspaces)
    .leftJoin(
      socialAccounts,
      and(eq(socialAccounts.workspaceId, workspaces.id), eq(socialAccounts.mode, sql.placeholder("mode")), ne(socialAccounts.status, "disconnected")),
    )
    .where(eq(workspaces.id, sql.placeholder("workspace")))
    .orderBy(asc(socialAccounts.connectedAt), asc(socialAccounts.id))
    .prepare("get_limits");
}

/**
 * The query is built once per database handle (the Node server has one; a Worker one per
 * request): drizzle building this SQL cost more than PGlite running it. The name makes it a
 * named statement on node-postgres and Neon; PGlite prepares every statement once anyway
 * (src/db/pglite-statements.ts).
 */
const prepared = new WeakMap<Database, ReturnType<typeof prepareLimitsQuery>>();
function limitsQuery(db: Database) {
  let query = prepared.get(db);
  if (!query) {
    query = prepareLimitsQuery(db);
    prepared.set(db, query);
  }
  return query;
}

/**
 * The limits view: credits, billing mode, connected accounts and the rates in force. The key may
 * come from the verified-key cache (seconds old), so the workspace is read again here, joined to
 * the connected accounts of the key's mode: one query, and credits are always current.
 */
export async function getLimits({ ctx }: { ctx: DomainContext }) {
  const rows = await limitsQuery(ctx.db).execute({ workspace: ctx.workspace.id, mode: ctx.apiKey.mode });
  const workspace = rows[0]?.workspace;
  // Deleted since the key was verified (within the cache's TTL).
  if (!workspace) throw new ApiError("unauthorized", { message: "The API key is not valid." });
  const connected = rows.flatMap((row) => (row.account ? [row.account] : []));
  return {
    account: workspace.id,
    email: workspace.email,
    name: workspace.name,
    credits: creditsView(workspace, ctx.apiKey.mode, ctx.clock.now()),
    billing: billingView(workspace),
    connected,
    rateLimits: {
      apiPerMinute: workspace.apiPerMinute,
      postsPerMinute: workspace.postsPerMinute,
      profile: { apiPerMinute: workspace.profileApiPerMinute, postsPerMinute: workspace.profilePostsPerMinute },
    },
  };
}
