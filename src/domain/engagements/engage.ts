import { ApiError } from "../../infra/errors.js";
import { publicCapabilities } from "../../networks/derived-capabilities.js";
import { type EngageFacet, type EngageResult, type EngagementAction, methodOfAction } from "../../networks/facets/engage.js";
import type { PlatformId } from "../../networks/platform-ids.js";
import type { DomainContext } from "../context.js";
import { accountWithAdapter, assertConnected } from "../social-accounts/account-resources.js";
import { withAccountSession } from "../social-accounts/account-session.js";
import { resolveTarget } from "./resolve-target.js";

export interface EngagementResult {
  account: string;
  platform: PlatformId;
  action: EngagementAction;
  target: EngageResult;
  ok: true;
}

/** The refusal of an action the network lacks, naming the ones it has and, where known, why this one is missing. */
function actionUnsupported(platform: PlatformId, action: EngagementAction, facet: EngageFacet | undefined): ApiError {
  const { name, supported } = { name: publicCapabilities(platform).name, supported: publicCapabilities(platform).engagements };
  const why = facet?.refusals?.[action];
  const list = supported.map((a) => `\`${a}\``).join(", ");
  return new ApiError("action_unsupported", {
    param: "action",
    platform,
    message: `${name} does not offer \`${action}\` through its API${why ? `: ${why}` : ""}.`,
    fix:
      supported.length > 0
        ? `${name} supports ${list}. Use one of those, or an account on a network that offers \`${action}\` (GET /v1/platforms lists each network's \`engagements\`).`
        : `${name} offers no engagement actions through its API; use an account on another network (GET /v1/platforms lists each network's \`engagements\`).`,
  });
}

/**
 * POST /v1/engagements: one action of one account on a post or a person. Free. The action is
 * checked against the network's published capabilities (the same data GET /v1/platforms shows)
 * before the target is parsed or the network called, so a refusal writes nothing anywhere.
 */
export async function engage({ ctx, input }: { ctx: DomainContext; input: { account: string; action: EngagementAction; target: string } }): Promise<EngagementResult> {
  const account = await accountWithAdapter(ctx, input.account).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "account_unknown") throw new ApiError("account_unknown", { param: "account", message: error.message });
    throw error;
  });
  const facet = account.adapter.engage;
  const { method, on } = methodOfAction[input.action];
  const perform = publicCapabilities(account.platform).engagements.includes(input.action) ? facet?.[method] : undefined;
  if (!facet || !perform) throw actionUnsupported(account.platform, input.action, facet);
  const target = await resolveTarget(ctx, account.row, facet, input.action, input.target.trim());
  try {
    assertConnected(account);
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(error.code, { param: "account", platform: account.platform, message: error.message });
    throw error;
  }
  const done = await withAccountSession(ctx, account.row, (tokens, net) => {
    const actor = { tokens, networkUserId: account.row.networkUserId };
    // The facet's method types differ by target kind; methodOfAction pairs each method with its kind.
    return target.kind === "post"
      ? (perform as NonNullable<EngageFacet["setLike"]>)(actor, target.networkPostId, on, net)
      : (perform as NonNullable<EngageFacet["setFollow"]>)(actor, target.user, on, net);
  });
  return { account: account.row.id, platform: account.platform, action: input.action, target: done, ok: true };
}
