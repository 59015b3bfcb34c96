import { ApiError } from "../../../infra/errors.js";
import { publicCapabilities } from "../../../networks/derived-capabilities.js";
import { type EngageFacet, type EngageOptions, type EngageResult, type EngagementAction, methodOfAction } from "../../../networks/facets/engage.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { DomainContext } from "../../core/index.js";
import { accountWithAdapter, assertConnected } from "../../accounts/index.js";
import { withAccountSession } from "../../accounts/index.js";
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
/** A network's refusal that is about the target or the board names that field, whichever error table raised it. */
function withParam(error: unknown, platform: PlatformId): unknown {
  if (!(error instanceof ApiError) || error.param) return error;
  const param = error.code === "engagement_target_not_found" ? "target" : error.code === "pin_board_missing" ? "options.board" : null;
  return param ? new ApiError(error.code, { param, platform, message: error.message, fix: error.fix, headers: error.headers }) : error;
}

/** Refuses an option the network does not take for this action, so nothing is silently ignored. */
function checkOptions(platform: PlatformId, action: EngagementAction, facet: EngageFacet, options: EngageOptions | undefined): void {
  const allowed = facet.options?.[action] ?? [];
  for (const [name, value] of Object.entries(options ?? {})) {
    if (value === undefined || allowed.includes(name as keyof EngageOptions)) continue;
    const name_ = publicCapabilities(platform).name;
    throw new ApiError("field_invalid", {
      param: `options.${name}`,
      platform,
      message: `\`options.${name}\` does not apply to \`${action}\` on ${name_}.`,
      fix:
        allowed.length > 0
          ? `Leave it out; \`${action}\` on ${name_} takes ${allowed.map((a) => `\`options.${a}\``).join(", ")}.`
          : `Leave \`options.${name}\` out: \`${action}\` on ${name_} takes no options.`,
    });
  }
}

export async function engage({
  ctx,
  input,
}: {
  ctx: DomainContext;
  input: { account: string; action: EngagementAction; target: string; options?: EngageOptions | undefined };
}): Promise<EngagementResult> {
  // Refusals (unknown, outside an agent's grant) name the body's `account`, not a path `id`.
  const account = await accountWithAdapter(ctx, input.account, "account");
  const facet = account.adapter.engage;
  const { method, on } = methodOfAction[input.action];
  const perform = publicCapabilities(account.platform).engagements.includes(input.action) ? facet?.[method] : undefined;
  if (!facet || !perform) throw actionUnsupported(account.platform, input.action, facet);
  checkOptions(account.platform, input.action, facet, input.options);
  const target = await resolveTarget(ctx, account.row, facet, input.action, input.target.trim());
  try {
    assertConnected(account);
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError(error.code, { param: "account", platform: account.platform, message: error.message });
    throw error;
  }
  const done = await withAccountSession(ctx, account.row, async (tokens, net) => {
    const actor = { tokens, networkUserId: account.row.networkUserId };
    // The facet's method types differ by target kind; methodOfAction pairs each method with its kind.
    try {
      return target.kind === "post"
        ? await (perform as NonNullable<EngageFacet["setLike"]>)(actor, target.networkPostId, on, net, input.options)
        : await (perform as NonNullable<EngageFacet["setFollow"]>)(actor, target.user, on, net);
    } catch (error) {
      throw withParam(error, account.platform);
    }
  });
  return { account: account.row.id, platform: account.platform, action: input.action, target: done, ok: true };
}
