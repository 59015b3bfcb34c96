import { and, eq, inArray, ne } from "drizzle-orm";
import { profiles, socialAccounts } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import type { DomainContext } from "../../core/index.js";
import type { SocialAccountRow } from "../../accounts/index.js";
import { assertAccountsInGrant, assertPlatformsInGrant } from "../../agents/index.js";

export interface TargetSelection {
  profile?: string | undefined;
  accounts?: string[] | undefined;
  platforms?: PlatformId[] | undefined;
}

export interface ResolvedTargets {
  profileId: string | null;
  profileUsername: string | null;
  accounts: SocialAccountRow[];
}

/**
 * `profile` → every account it owns, plus `accounts`, filtered by `platforms`. Without either,
 * a workspace with exactly one profile uses it; with several the caller must say which
 * (`profile_required`). Problems of the request as a whole store nothing.
 */
export async function resolveTargets(ctx: DomainContext, input: TargetSelection): Promise<ResolvedTargets> {
  const ws = ctx.workspace.id;
  assertPlatformsInGrant(ctx, input.platforms, "platforms");
  let profileId: string | null = null;
  let profileUsername: string | null = input.profile ?? null;
  const hasAccounts = (input.accounts?.length ?? 0) > 0;
  if (input.profile) {
    const [row] = await ctx.db
      .select()
      .from(profiles)
      .where(and(eq(profiles.workspaceId, ws), eq(profiles.username, input.profile)))
      .limit(1);
    if (!row) throw new ApiError("profile_unknown", { param: "profile", message: `No profile named \`${input.profile}\` in this workspace.` });
    profileId = row.id;
  } else if (!hasAccounts) {
    const rows = await ctx.db.select().from(profiles).where(eq(profiles.workspaceId, ws)).limit(2);
    if (rows.length > 1) throw new ApiError("profile_required");
    if (rows.length === 0 || !rows[0]) throw new ApiError("no_target");
    profileId = rows[0].id;
    profileUsername = rows[0].username;
  }

  const live = and(eq(socialAccounts.workspaceId, ws), eq(socialAccounts.mode, ctx.apiKey.mode), ne(socialAccounts.status, "disconnected"));
  const byId = hasAccounts
    ? await ctx.db
        .select()
        .from(socialAccounts)
        .where(and(live, inArray(socialAccounts.id, input.accounts ?? [])))
    : [];
  const missing = (input.accounts ?? []).findIndex((id) => !byId.some((row) => row.id === id));
  if (missing >= 0) {
    throw new ApiError("account_unknown", { param: `accounts[${missing}]`, message: `No connected account ${input.accounts?.[missing]} in this workspace.` });
  }
  const owned = profileId
    ? await ctx.db
        .select()
        .from(socialAccounts)
        .where(and(live, eq(socialAccounts.profileId, profileId)))
    : [];
  const merged = new Map<string, SocialAccountRow>();
  for (const row of [...owned, ...byId]) merged.set(row.id, row);
  if (merged.size === 0) throw new ApiError("no_target", { param: input.profile ? "profile" : "accounts", message: "No connected account to publish to." });
  const filtered = [...merged.values()].filter((row) => !input.platforms || input.platforms.includes(row.platform));
  if (filtered.length === 0) {
    throw new ApiError("no_matching_accounts", { param: "platforms", message: `Nothing is connected on ${input.platforms?.join(", ")}.` });
  }
  // An agent reaching one account outside its brands or networks is refused whole, before anything is stored.
  assertAccountsInGrant(ctx, filtered, (i) => {
    const index = input.accounts?.indexOf(filtered[i]?.id ?? "") ?? -1;
    return index >= 0 ? `accounts[${index}]` : "profile";
  });
  return { profileId, profileUsername, accounts: filtered.sort((a, b) => a.platform.localeCompare(b.platform) || a.id.localeCompare(b.id)) };
}
