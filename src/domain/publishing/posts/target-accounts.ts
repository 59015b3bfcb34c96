import { and, eq, inArray } from "drizzle-orm";
import { socialAccounts } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";

/** The accounts some targets post to, the caller's workspace only; no query for no targets. */
export async function accountsOfTargets(ctx: DomainContext, targets: readonly { accountId: string }[]): Promise<(typeof socialAccounts.$inferSelect)[]> {
  if (targets.length === 0) return [];
  return ctx.db
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.workspaceId, ctx.workspace.id),
        inArray(
          socialAccounts.id,
          targets.map((t) => t.accountId),
        ),
      ),
    );
}
