import { desc, eq } from "drizzle-orm";
import { auditEvents } from "../../../db/schema/index.js";
import type { DomainContext } from "../context.js";

export const AUDIT_READ_LIMIT = 100;

/** The newest security events of the workspace, at most 100 as the spec's limit says. */
export async function listAuditEvents({ ctx, input }: { ctx: DomainContext; input: { limit: number } }) {
  const rows = await ctx.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.workspaceId, ctx.workspace.id))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(Math.min(input.limit, AUDIT_READ_LIMIT));
  return rows.map((row) => ({ id: row.id, type: row.type, actor: row.actor, details: row.details, createdAt: row.createdAt.toISOString() }));
}
