import type { DomainContext } from "../core/index.js";
import { type RequiredAction, type ScopedAccount, accountInGrant, accountRefusal, assertActionGranted, platformRefusal } from "./grant.js";

/*
 * The grant checks domain functions call where they already hold what they check (the request,
 * the accounts they resolved), so a check never costs a query of its own. Without an agent in
 * the context (an API key, the dashboard) each is a no-op.
 */

export function assertAgentMay(ctx: Pick<DomainContext, "agent">, action: RequiredAction, what: string): void {
  if (ctx.agent) assertActionGranted(ctx.agent.grant, action, what);
}

/** Refuses the whole request when one account is outside the grant: nothing is written for the others either. */
export function assertAccountsInGrant(ctx: Pick<DomainContext, "agent">, accounts: readonly ScopedAccount[], param?: (index: number) => string): void {
  if (!ctx.agent) return;
  for (const [i, account] of accounts.entries()) {
    const refusal = accountRefusal(ctx.agent.grant, account, param?.(i));
    if (refusal) throw refusal;
  }
}

/** Lists show an agent only what its grant reaches. */
export function withinGrant<T extends ScopedAccount>(ctx: Pick<DomainContext, "agent">, accounts: T[]): T[] {
  const agent = ctx.agent;
  return agent ? accounts.filter((account) => accountInGrant(agent.grant, account)) : accounts;
}

export function assertPlatformsInGrant(ctx: Pick<DomainContext, "agent">, platforms: readonly string[] | undefined, param: string): void {
  if (!ctx.agent || !platforms) return;
  for (const [i, platform] of platforms.entries()) {
    const refusal = platformRefusal(ctx.agent.grant, platform, `${param}[${i}]`);
    if (refusal) throw refusal;
  }
}
