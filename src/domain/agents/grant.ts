import type { PlatformId } from "../../types/platform-ids.js";
import { isPlatformId } from "../../networks/registry.js";
import { ApiError } from "../../infra/errors.js";
import { type AgentAction, type AgentGrant, agentActions } from "../core/index.js";

export { type AgentAction, type AgentGrant, agentActions };

/** `self`: what concerns the agent alone (whoami, its own nickname), open to every agent. */
export type RequiredAction = AgentAction | "owner" | "self";

export const actionLabels: Record<AgentAction, string> = {
  read: "Read posts, accounts, analytics and the inbox",
  draft: "Write drafts, validate posts and upload media",
  publish_or_schedule: "Publish and schedule posts",
  reply_and_message: "Reply to comments and send messages",
  engage: "Like, repost, follow, block and mute",
  delete: "Cancel, retract and delete posts and comments",
};

/** The most an owner may allow per day: a typo of an extra zero should not be a large bill. */
export const MAX_CREDITS_PER_DAY = 10_000;

export function isAgentAction(value: string): value is AgentAction {
  return (agentActions as readonly string[]).includes(value);
}

/** Refuses everything once the grant's `expiresAt` has passed: the owner renews or widens it to go on. */
export function assertGrantCurrent(grant: AgentGrant, now: Date): void {
  if (!grant.expiresAt || Date.parse(grant.expiresAt) > now.getTime()) return;
  throw new ApiError("agent_grant_expired", { message: `This agent's grant expired at ${grant.expiresAt}; it may do nothing until the owner renews it.` });
}

/** Refuses an action outside the grant, naming it: the owner widens it with PATCH /v1/agents/{id}. */
export function assertActionGranted(grant: AgentGrant, action: RequiredAction, what: string): void {
  if (action === "self") return;
  if (action === "owner") {
    throw new ApiError("agent_grant_owner_only", { message: `${what} is for the workspace owner; agents cannot use it whatever their grant.` });
  }
  if (!grant.actions.includes(action)) {
    throw new ApiError("agent_grant_action", {
      message: `This agent's grant does not include \`${action}\`, which ${what} needs.`,
      // The fix names the missing action, so the owner knows exactly what to tick.
      fix: `The workspace owner adds \`${action}\` (${actionLabels[action]}) to the agent's grant: PATCH /v1/agents/{id} with an API key (\`grant.actions\`), or approves the agent again on the consent page.`,
    });
  }
}

export interface ScopedAccount {
  id: string;
  platform: PlatformId;
  profileId: string | null;
}

/** Why `account` is outside the grant, or null when it is inside. */
export function accountRefusal(grant: AgentGrant, account: ScopedAccount, param?: string): ApiError | null {
  if (grant.profiles !== null && (account.profileId === null || !grant.profiles.includes(account.profileId))) {
    return new ApiError("agent_grant_profile", {
      ...(param ? { param } : {}),
      message: `Account ${account.id} belongs to a brand (profile) this agent may not act for.`,
      fix: account.profileId
        ? `Act only for the profiles in the grant (GET /v1/me shows it), or ask the owner to add profile ${account.profileId}: PATCH /v1/agents/{id} (\`grant.profiles\`).`
        : "This account belongs to no brand, and the agent's grant is limited to some: the owner assigns the account to a profile in the grant, or grants every profile (PATCH /v1/agents/{id}, `grant.profiles`).",
    });
  }
  if (grant.platforms !== null && !grant.platforms.includes(account.platform)) {
    return new ApiError("agent_grant_platform", {
      ...(param ? { param } : {}),
      message: `This agent may not reach ${account.platform} (account ${account.id}).`,
      fix: platformFix(grant, account.platform),
    });
  }
  return null;
}

export function accountInGrant(grant: AgentGrant, account: ScopedAccount): boolean {
  return accountRefusal(grant, account) === null;
}

export function platformRefusal(grant: AgentGrant, platform: string, param: string): ApiError | null {
  if (grant.platforms === null || (isPlatformId(platform) && grant.platforms.includes(platform))) return null;
  return new ApiError("agent_grant_platform", { param, message: `This agent may not reach ${platform}.`, fix: platformFix(grant, platform) });
}

/** Names the network that is missing and the ones the agent may use instead. */
function platformFix(grant: AgentGrant, platform: string): string {
  const allowed = grant.platforms && grant.platforms.length > 0 ? grant.platforms.join(", ") : "none";
  return `This agent may use ${allowed}. Ask the owner to add ${platform} to the grant: PATCH /v1/agents/{id} (\`grant.platforms\`).`;
}

/** The UTC day a spend counts against. */
export function spendDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}
