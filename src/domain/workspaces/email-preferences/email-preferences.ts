import { eq } from "drizzle-orm";
import { emailPreferences } from "../../../db/schema/index.js";
import type { DomainContext } from "../../core/index.js";

export interface EmailPreferences {
  publishFailures: boolean;
  accountDisconnected: boolean;
  creditsLow: boolean;
  weeklyDigest: boolean;
  productUpdates: boolean;
  updatedAt: string;
}

type Row = typeof emailPreferences.$inferSelect;
const view = (row: Row): EmailPreferences => ({
  publishFailures: row.publishFailures,
  accountDisconnected: row.accountDisconnected,
  creditsLow: row.creditsLow,
  weeklyDigest: row.weeklyDigest,
  productUpdates: row.productUpdates,
  updatedAt: row.updatedAt.toISOString(),
});

/** Workspaces made before preferences existed get the defaults on first read. */
async function ensureRow(ctx: DomainContext): Promise<Row> {
  const [row] = await ctx.db.insert(emailPreferences).values({ workspaceId: ctx.workspace.id, updatedAt: ctx.clock.now() }).onConflictDoNothing().returning();
  if (row) return row;
  const [existing] = await ctx.db.select().from(emailPreferences).where(eq(emailPreferences.workspaceId, ctx.workspace.id));
  if (!existing) throw new Error("email preferences row vanished");
  return existing;
}

export async function getEmailPreferences({ ctx }: { ctx: DomainContext }): Promise<EmailPreferences> {
  const [row] = await ctx.db.select().from(emailPreferences).where(eq(emailPreferences.workspaceId, ctx.workspace.id));
  return view(row ?? (await ensureRow(ctx)));
}

export async function updateEmailPreferences({ ctx, input }: { ctx: DomainContext; input: Partial<Omit<EmailPreferences, "updatedAt">> }): Promise<EmailPreferences> {
  await ensureRow(ctx);
  const [row] = await ctx.db
    .update(emailPreferences)
    .set({ ...input, updatedAt: ctx.clock.now() })
    .where(eq(emailPreferences.workspaceId, ctx.workspace.id))
    .returning();
  if (!row) throw new Error("email preferences row vanished");
  return view(row);
}
