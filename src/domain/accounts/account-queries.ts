import { and, eq, ne } from "drizzle-orm";
import { profiles, socialAccounts } from "../../db/schema/index.js";
import { ApiError } from "../../infra/errors.js";
import type { DomainContext } from "../core/index.js";
import { assertAccountsInGrant } from "../agents/index.js";
import { accountsWithinGrant } from "../agents/index.js";
import { decodeCursor, pageOf } from "../core/index.js";
import { afterPosition, newestFirst } from "../core/index.js";
import { findProfileByUsername } from "./profiles/profiles.js";
import { type SocialAccountRow, type SocialAccountView, toAccountView } from "./account-view.js";

/**
 * An account of this workspace in the key's mode, or 404. Another workspace's id, or a live
 * account asked for with a test key, is simply not found: nothing says it exists.
 */
export async function requireAccount(ctx: DomainContext, id: string, param = "id"): Promise<SocialAccountRow> {
  const [row] = await ctx.db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.id, id), eq(socialAccounts.workspaceId, ctx.workspace.id), eq(socialAccounts.mode, ctx.apiKey.mode)))
    .limit(1);
  if (!row) throw new ApiError("account_unknown", { param, message: `No social account ${id} in this workspace.` });
  assertAccountsInGrant(ctx, [row], () => param);
  return row;
}

export async function getAccount({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<SocialAccountView> {
  return toAccountView(await requireAccount(ctx, input.id), ctx.workspace);
}

/** Connected accounts (disconnected ones are gone from the list), newest first. */
export async function listAccounts({ ctx, input }: { ctx: DomainContext; input: { profile?: string | undefined; limit: number; cursor?: string | undefined } }) {
  const position = input.cursor ? await decodeCursor("social-accounts", input.cursor) : null;
  const profileId = input.profile ? (await findProfileByUsername(ctx, input.profile)).id : null;
  const rows = await ctx.db
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.workspaceId, ctx.workspace.id),
        eq(socialAccounts.mode, ctx.apiKey.mode),
        ne(socialAccounts.status, "disconnected"),
        profileId ? eq(socialAccounts.profileId, profileId) : undefined,
        accountsWithinGrant(ctx),
        afterPosition(socialAccounts.connectedAt, socialAccounts.id, position),
      ),
    )
    .orderBy(...newestFirst(socialAccounts.connectedAt, socialAccounts.id))
    .limit(input.limit + 1);
  const page = await pageOf(
    "social-accounts",
    rows.map((r) => ({ ...r, createdAt: r.connectedAt })),
    input.limit,
  );
  return { accounts: page.items.map((row) => toAccountView(row, ctx.workspace)), nextCursor: page.cursor };
}

/** The profile a connect request names, checked to be this workspace's. */
export async function profileIdFor(ctx: DomainContext, username: string | undefined): Promise<string | null> {
  if (!username) return null;
  const [row] = await ctx.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.workspaceId, ctx.workspace.id), eq(profiles.username, username)))
    .limit(1);
  if (!row) throw new ApiError("profile_unknown", { param: "profile", message: `No profile named \`${username}\` in this workspace.` });
  return row.id;
}
