import { type SQL, and, eq, inArray, sql } from "drizzle-orm";
import { events, socialAccounts } from "../../db/schema/index.js";
import type { DomainContext } from "../context.js";

/**
 * The events an agent's grant reaches, as a condition of the event query itself, so a page
 * holds `limit` visible events and its cursor stays right: an event is visible when it concerns
 * at least one account and every account it concerns is within the grant (a post to a brand the
 * agent may not act for stays hidden, as GET /v1/posts/{id} refuses it). The workspace's own
 * events (webhook.test, webhook.disabled) concern no brand or network, so only an agent granted
 * every profile and every network sees them. Undefined (no condition) for API keys.
 */
export function eventsWithinGrant(ctx: Pick<DomainContext, "agent" | "workspace">): SQL | undefined {
  const grant = ctx.agent?.grant;
  if (!grant || (grant.profiles === null && grant.platforms === null)) return undefined;
  const inGrant = and(
    eq(socialAccounts.workspaceId, ctx.workspace.id),
    grant.profiles === null ? undefined : inArray(socialAccounts.profileId, grant.profiles),
    grant.platforms === null ? undefined : inArray(socialAccounts.platform, grant.platforms),
  );
  return sql`(cardinality(${events.accountIds}) > 0 and not exists (
    select 1 from unnest(${events.accountIds}) as concerned(id)
    where not exists (select 1 from ${socialAccounts} where ${socialAccounts.id} = concerned.id and ${inGrant})))`;
}
