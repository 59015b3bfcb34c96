import { type SQL, and, eq, inArray, or, sql } from "drizzle-orm";
import { events, media, postTargets, posts, socialAccounts } from "../../db/schema/index.js";
import type { DomainContext } from "../core/index.js";

/*
 * An agent's grant as conditions of the list queries themselves, so a page holds `limit` records
 * the agent may see and its cursor stays right (filtering a fetched page would leave it short or
 * empty). Each is undefined, no condition, for API keys and agents granted everything.
 */

type GrantContext = Pick<DomainContext, "agent" | "workspace">;

/** A connected account (a row of social_accounts) within the grant; null profiles are outside a grant that names profiles. */
export function accountsWithinGrant(ctx: GrantContext): SQL | undefined {
  const grant = ctx.agent?.grant;
  if (!grant || (grant.profiles === null && grant.platforms === null)) return undefined;
  return and(
    eq(socialAccounts.workspaceId, ctx.workspace.id),
    grant.profiles === null ? undefined : inArray(socialAccounts.profileId, grant.profiles),
    grant.platforms === null ? undefined : inArray(socialAccounts.platform, grant.platforms),
  );
}

/** An account id (the column or expression `id`) names an account within the grant. */
const grantedId = (id: SQL, inGrant: SQL) => sql`exists (select 1 from ${socialAccounts} where ${socialAccounts.id} = ${id} and ${inGrant})`;

/**
 * Posts whose every target account is within the grant, as GET /v1/posts/{id} allows them
 * (src/domain/agents/post-scope.ts).
 */
export function postsWithinGrant(ctx: GrantContext): SQL | undefined {
  const inGrant = accountsWithinGrant(ctx);
  if (!inGrant) return undefined;
  return sql`not exists (select 1 from ${postTargets} where ${postTargets.postId} = ${posts.id} and ${postTargets.workspaceId} = ${ctx.workspace.id} and not ${grantedId(sql`${postTargets.accountId}`, inGrant)})`;
}

/**
 * Events that concern at least one account, every one within the grant (a post to a brand the
 * agent may not act for stays hidden). The workspace's own events (webhook.test,
 * webhook.disabled) concern no brand or network, so only an agent granted every profile and
 * every network sees them.
 */
export function eventsWithinGrant(ctx: GrantContext): SQL | undefined {
  const inGrant = accountsWithinGrant(ctx);
  if (!inGrant) return undefined;
  return sql`(cardinality(${events.accountIds}) > 0 and not exists (
    select 1 from unnest(${events.accountIds}) as concerned(id) where not ${grantedId(sql`concerned.id`, inGrant)}))`;
}

/**
 * Uploads a narrowed agent may read or delete: its own, and those a post within its grant uses
 * (in `media` or a network's override), since reading that post already shows their ids. An
 * upload has no brand of its own, so any other is outside the grant, even one no post uses yet.
 */
export function mediaWithinGrant(ctx: GrantContext): SQL | undefined {
  const inGrant = postsWithinGrant(ctx);
  if (!inGrant || !ctx.agent) return undefined;
  return or(eq(media.uploadedByAgentId, ctx.agent.id), sql`exists (select 1 from ${posts} where ${posts.workspaceId} = ${ctx.workspace.id} and ${postUsesMedia(sql`${media.id}`)} and ${inGrant})`);
}

/** The post (a row of posts) uses the media id `id`, in `media` or in a network's override. */
export function postUsesMedia(id: SQL): SQL {
  const one = sql`jsonb_build_array(${id})`;
  return sql`(${posts.media} @> ${one} or exists (select 1 from jsonb_each(${posts.mediaOverrides}) as override(network, ids) where override.ids @> ${one}))`;
}
