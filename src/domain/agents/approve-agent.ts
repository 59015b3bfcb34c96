import { and, eq, inArray } from "drizzle-orm";
import { agents, oauthCodes, profiles } from "../../db/schema/index.js";
import { sha256Hex } from "../../infra/crypto.js";
import { ApiError } from "../../infra/errors.js";
import { newId, randomString } from "../../infra/ids.js";
import { isPlatformId } from "../../networks/registry.js";
import { recordAuditEvent } from "../core/index.js";
import type { DomainContext } from "../core/index.js";
import type { AuthorizationRequest } from "./authorization-request.js";
import { type AgentGrant, MAX_CREDITS_PER_DAY, agentActions, isAgentAction } from "./grant.js";

/** An authorization code lives one minute: the agent exchanges it at once. */
export const CODE_TTL_MS = 60_000;

/** What the consent form (or PATCH /v1/agents/{id}) asks for, before checking. */
export interface GrantInput {
  profiles: string[] | null;
  platforms: string[] | null;
  actions: string[];
  creditsPerDay: number;
  purchasedCredits: boolean;
  /** Its posts wait for a person's approval; omitted: false. */
  requireApproval?: boolean | undefined;
  /** ISO 8601; null or absent: the grant does not expire. */
  expiresAt?: string | null | undefined;
}

/**
 * A grant the workspace can honour: every profile is the workspace's own, every network and
 * action is known. A bad value is a 400 naming the field; nothing is stored.
 */
export async function checkGrant(ctx: DomainContext, input: GrantInput): Promise<AgentGrant> {
  const actions = [...new Set(input.actions)];
  const unknownAction = actions.findIndex((a) => !isAgentAction(a));
  if (unknownAction >= 0) throw new ApiError("field_invalid", { param: `grant.actions[${unknownAction}]`, message: `Unknown action ${actions[unknownAction]}.` });
  const platforms = input.platforms === null ? null : [...new Set(input.platforms)];
  const unknownPlatform = platforms?.findIndex((p) => !isPlatformId(p)) ?? -1;
  if (platforms && unknownPlatform >= 0) throw new ApiError("platform_unknown", { param: `grant.platforms[${unknownPlatform}]` });
  if (!Number.isInteger(input.creditsPerDay) || input.creditsPerDay < 0 || input.creditsPerDay > MAX_CREDITS_PER_DAY) {
    throw new ApiError("field_invalid", { param: "grant.creditsPerDay", message: `creditsPerDay must be a whole number from 0 to ${MAX_CREDITS_PER_DAY}.` });
  }
  const expiresAt = input.expiresAt ?? null;
  if (expiresAt !== null && (Number.isNaN(Date.parse(expiresAt)) || Date.parse(expiresAt) <= ctx.clock.now().getTime())) {
    throw new ApiError("field_invalid", { param: "grant.expiresAt", message: "expiresAt must be an ISO 8601 time in the future (or null for a grant that does not expire)." });
  }
  const wanted = input.profiles === null ? null : [...new Set(input.profiles)];
  if (wanted && wanted.length > 0) {
    const found = await ctx.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.workspaceId, ctx.workspace.id), inArray(profiles.id, wanted)));
    const missing = wanted.findIndex((id) => !found.some((row) => row.id === id));
    if (missing >= 0) throw new ApiError("resource_not_found", { param: `grant.profiles[${missing}]`, message: `No profile ${wanted[missing]} in this workspace.` });
  }
  // Stored in one canonical order, so two equal grants read (and compare) alike whatever order the form sent.
  return {
    profiles: wanted ? [...wanted].sort() : null,
    // Every one passed isPlatformId above; the filter only tells the type checker so.
    platforms: platforms ? platforms.filter(isPlatformId).sort() : null,
    actions: agentActions.filter((a) => actions.includes(a)),
    creditsPerDay: input.creditsPerDay,
    purchasedCredits: input.purchasedCredits,
    requireApproval: input.requireApproval ?? false,
    expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString(),
  };
}

/**
 * The owner approved: the agent and its one-minute code, in one transaction, with the audit
 * entry naming who approved. The code is bound to the client, redirect URI, PKCE challenge and
 * resource of the request, and only its hash is stored.
 */
export async function approveAgent({ ctx, input }: { ctx: DomainContext; input: { request: AuthorizationRequest; grant: GrantInput } }): Promise<{ agentId: string; code: string }> {
  const grant = await checkGrant(ctx, input.grant);
  const now = ctx.clock.now();
  const agentId = newId("agt");
  const code = `oac_${randomString(43)}`;
  const { request } = input;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(agents).values({
      id: agentId,
      workspaceId: ctx.workspace.id,
      clientId: request.client.id,
      mode: ctx.apiKey.mode,
      clientName: request.client.name,
      grant,
      createdAt: now,
    });
    await tx.insert(oauthCodes).values({
      codeHash: await sha256Hex(code),
      agentId,
      clientId: request.client.id,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      resource: request.resource,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
    });
    await recordAuditEvent(tx, {
      workspaceId: ctx.workspace.id,
      type: "agent.approved",
      actor: ctx.apiKey.id,
      details: { agent: agentId, client: request.client.name, mode: ctx.apiKey.mode, grant: JSON.stringify(grant) },
      at: now,
    });
  });
  return { agentId, code };
}
