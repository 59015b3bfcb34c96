import { eq, sql } from "drizzle-orm";
import { workspaces } from "../../../db/schema/index.js";
import { perDatabase } from "../../../db/per-database.js";
import type { Database } from "../../../db/types.js";
import { ApiError } from "../../../infra/errors.js";
import { billingView, creditsView } from "../../billing/index.js";
import type { DomainContext } from "../../core/index.js";

interface ConnectedAccount {
  account: string;
  platform: string;
  handle: string;
  status: "active" | "needs_reauth";
}

/** The workspace's columns that change while a key is cached (credits, plan, blocks, rates). */
const changingColumns = {
  plan: workspaces.plan,
  creditsMonthly: workspaces.creditsMonthly,
  creditsPeriod: workspaces.creditsPeriod,
  creditsPack: workspaces.creditsPack,
  creditsPurchased: workspaces.creditsPurchased,
  hasPurchasedCredits: workspaces.hasPurchasedCredits,
  monthlyAllowance: workspaces.monthlyAllowance,
  testCreditsMonthly: workspaces.testCreditsMonthly,
  testCreditsPeriod: workspaces.testCreditsPeriod,
  testCreditsPack: workspaces.testCreditsPack,
  apiPerMinute: workspaces.apiPerMinute,
  postsPerMinute: workspaces.postsPerMinute,
  profileApiPerMinute: workspaces.profileApiPerMinute,
  profilePostsPerMinute: workspaces.profilePostsPerMinute,
  blockedPlatforms: workspaces.blockedPlatforms,
};

/**
 * Those columns, and the connected accounts of the key's mode, oldest first, as one JSON array, and the bytes its
 * files take in storage (stored media plus the parts of unfinished upload sessions). The accounts come
 * from a subquery rather than a join: the workspace row is not repeated per account, and on
 * PGlite the aggregate cost less than the join and its sort (bench/limits-floor.ts); the storage
 * sums are subqueries too, so the read stays one statement. The outer column is written
 * qualified: drizzle leaves columns of a one-table select unqualified, and inside the subquery a
 * bare "id" would be the account's. The sum is a bigint, which the drivers hand back as a string.
 */
function prepareLimitsQuery(db: Database) {
  return db
    .select({
      ...changingColumns,
      connected: sql<ConnectedAccount[] | null>`(
        select json_agg(json_build_object('account', s.id, 'platform', s.platform, 'handle', s.handle, 'status', s.status) order by s.connected_at, s.id)
        from social_accounts s
        where s.workspace_id = "workspaces"."id" and s.mode = ${sql.placeholder("mode")} and s.status <> 'disconnected'
      )`,
      storageUsedBytes: sql<string | number>`(
        coalesce((select sum(m.bytes) from media m where m.workspace_id = "workspaces"."id"), 0)
        + coalesce((select sum(p.bytes) from media_upload_parts p where p.workspace_id = "workspaces"."id"), 0)
      )`,
    })
    .from(workspaces)
    .where(eq(workspaces.id, sql.placeholder("workspace")))
    .prepare("get_limits");
}

/** The workspace's own columns alone: a primary-key read, as cheap as a query gets. */
function prepareColumnsQuery(db: Database) {
  return db
    .select(changingColumns)
    .from(workspaces)
    .where(eq(workspaces.id, sql.placeholder("workspace")))
    .prepare("get_limits_columns");
}

/**
 * Built once per database handle. The name makes it a named statement on node-postgres and
 * Neon; PGlite prepares every statement once anyway (src/db/pglite-statements.ts).
 */
const limitsQuery = perDatabase(prepareLimitsQuery);
const columnsQuery = perDatabase(prepareColumnsQuery);

type LimitsRow = Awaited<ReturnType<ReturnType<typeof prepareLimitsQuery>["execute"]>>[number];
type Usage = Pick<LimitsRow, "connected" | "storageUsedBytes">;

/**
 * The row from the process's limits cache where the runtime keeps one, else the database. With a
 * `usage` cache (a PostgreSQL server) the workspace's columns are read fresh by primary key and
 * only the accounts and stored bytes come from the cache; a miss reads everything in one statement.
 */
async function readLimits(ctx: DomainContext): Promise<LimitsRow | undefined> {
  const cache = ctx.services.limitsCache;
  const { id } = ctx.workspace;
  const { mode } = ctx.apiKey;
  const cached = cache?.get(id, mode);
  if (cached && cache?.scope === "row") return cached as LimitsRow;
  if (cached) {
    const [columns] = await columnsQuery(ctx.db).execute({ workspace: id });
    return columns && { ...columns, ...(cached as Usage) };
  }
  const generation = cache?.generation() ?? 0;
  const [row] = await limitsQuery(ctx.db).execute({ workspace: id, mode });
  if (row && cache) {
    const kept: LimitsRow | Usage = cache.scope === "row" ? row : { connected: row.connected, storageUsedBytes: row.storageUsedBytes };
    cache.set(id, mode, kept, generation);
  }
  return row;
}

/**
 * The limits view: credits, billing mode, connected accounts and the rates in force. The key may
 * come from the verified-key cache (seconds old): what can change meanwhile (credits, plan,
 * blocks, rates, accounts, stored bytes) is read again here in one query, or taken from the limits
 * cache that the database empties on every change to them (migrations 0020 and 0034); the name
 * and email are the cached key's, as GET /v1/me shows them.
 */
export async function getLimits({ ctx }: { ctx: DomainContext }) {
  const fresh = await readLimits(ctx);
  // Deleted since the key was verified (within the cache's TTL).
  if (!fresh) throw new ApiError("unauthorized", { message: "The API key is not valid." });
  const { connected, storageUsedBytes, ...columns } = fresh;
  const workspace = { ...ctx.workspace, ...columns };
  return {
    account: workspace.id,
    email: workspace.email,
    name: workspace.name,
    credits: creditsView(workspace, ctx.apiKey.mode, ctx.clock.now()),
    billing: billingView(workspace),
    connected: connected ?? [],
    storage: { usedBytes: Number(storageUsedBytes), limitBytes: null },
    rateLimits: {
      apiPerMinute: workspace.apiPerMinute,
      postsPerMinute: workspace.postsPerMinute,
      profile: { apiPerMinute: workspace.profileApiPerMinute, postsPerMinute: workspace.profilePostsPerMinute },
    },
  };
}
