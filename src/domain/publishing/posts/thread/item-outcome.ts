import { and, eq, inArray, sql } from "drizzle-orm";
import { postThreadItems } from "../../../../db/schema/index.js";
import type { ApiError } from "../../../../infra/errors.js";
import { forgetAgents } from "../../../agents/index.js";
import { creditPeriod } from "../../../billing/index.js";
import type { DomainContext } from "../../../core/index.js";
import { rowsOf } from "../../../core/index.js";
import type { TargetError } from "../post-view.js";
import { targetError } from "../target-outcome.js";

/**
 * The writers of a chain item's outcome. Each is conditional on the item's state, so a late or
 * duplicate answer cannot overwrite a final one: only the runner that claimed an item
 * (`publishing`) records what the network said.
 */

const claimed = (ctx: DomainContext, id: string) => and(eq(postThreadItems.id, id), eq(postThreadItems.workspaceId, ctx.workspace.id), eq(postThreadItems.state, "publishing"));

export async function recordItemPublished(ctx: DomainContext, id: string, landed: { networkPostId: string; url: string | null }): Promise<boolean> {
  const rows = await ctx.db
    .update(postThreadItems)
    .set({ state: "published", networkPostId: landed.networkPostId, url: landed.url, publishedAt: ctx.clock.now(), error: null, pollToken: null })
    .where(claimed(ctx, id))
    .returning({ id: postThreadItems.id });
  return rows.length > 0;
}

/** The network took the item and finishes it later (a container, a video): the retry polls it. */
export async function recordItemProcessing(ctx: DomainContext, id: string, pollToken: string): Promise<void> {
  await ctx.db.update(postThreadItems).set({ state: "processing", pollToken }).where(claimed(ctx, id));
}

/** The call's outcome is not known (a timeout, an outage): the retry asks the network before anything is sent again. */
export async function recordItemUnknown(ctx: DomainContext, id: string): Promise<void> {
  await ctx.db.update(postThreadItems).set({ state: "unknown" }).where(claimed(ctx, id));
}

/**
 * Items that will not go out now, with their credits given back in the same statement, as a failed
 * target's are (record-outcome.ts): the refused item itself (`failed`, from `publishing`), or the
 * items after it that the stopped chain never sent (`not_sent`, from `pending`). Each row's
 * credit source is read under its lock, so two racing writers refund once; an agent's allowance
 * gets its charge back.
 */
export async function stopItems(
  ctx: DomainContext,
  ids: readonly string[],
  stop: { state: "failed"; from: "publishing"; error: ApiError } | { state: "not_sent"; from: "pending" },
): Promise<string[]> {
  if (ids.length === 0) return [];
  const workspaceId = ctx.workspace.id;
  const period = creditPeriod(ctx.clock.now());
  const error: TargetError | null = stop.state === "failed" ? targetError(stop.error) : null;
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const count = (source: string) => sql.raw(`(select count(*)::int from changed where source = '${source}')`);
  const result = await ctx.db.execute(sql`
    with old as (
      select id, credit_source from post_thread_items
      where id in (${idList}) and workspace_id = ${workspaceId} and state = ${stop.from}
      for update
    ), changed as (
      update post_thread_items t
      set state = ${stop.state}, error = ${error === null ? null : JSON.stringify(error)}::jsonb, credits = 0, credit_source = null, poll_token = null
      from old where t.id = old.id
      returning old.id as id, old.credit_source as source
    ), refunded as (
      update workspaces w
      set credits_pack = w.credits_pack + ${count("pack")},
          credits_purchased = w.credits_purchased + ${count("purchased")},
          credits_monthly = case when w.credits_period = ${period} then least(w.monthly_allowance, w.credits_monthly + ${count("monthly")}) else w.credits_monthly end,
          test_credits_pack = w.test_credits_pack + ${count("test_pack")},
          test_credits_monthly = case when w.test_credits_period = ${period} then least(w.monthly_allowance, w.test_credits_monthly + ${count("test_monthly")}) else w.test_credits_monthly end
      where w.id = ${workspaceId} and exists (select 1 from changed where source is not null)
      returning w.id
    ), agent_refund as (
      insert into agent_spend (subject, kind, agent_id, workspace_id, day, amount)
      select s.subject, 'refund', s.agent_id, s.workspace_id, s.day, -s.amount
      from agent_spend s join changed c on s.subject = c.id
      where s.kind = 'charge' and s.workspace_id = ${workspaceId}
      on conflict do nothing
      returning agent_id
    )
    select id, (select count(*) from refunded) as refunds, (select agent_id from agent_refund limit 1) as agent_id from changed`);
  const rows = rowsOf<{ id: string; agent_id: string | null }>(result);
  const agent = rows.find((r) => r.agent_id)?.agent_id;
  if (agent) forgetAgents(ctx, [agent]);
  return rows.map((r) => r.id);
}

/** Every item of these targets that is still waiting: their chain will not run (the post itself did not publish). */
export async function stopPendingOf(ctx: DomainContext, targetIds: readonly string[]): Promise<void> {
  if (targetIds.length === 0) return;
  const pending = await ctx.db
    .select({ id: postThreadItems.id })
    .from(postThreadItems)
    .where(and(inArray(postThreadItems.targetId, [...targetIds]), eq(postThreadItems.workspaceId, ctx.workspace.id), eq(postThreadItems.state, "pending")));
  await stopItems(
    ctx,
    pending.map((p) => p.id),
    { state: "not_sent", from: "pending" },
  );
}
