import { and, eq, inArray } from "drizzle-orm";
import { profiles } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import { newId } from "../../../infra/ids.js";
import type { DomainContext } from "../../core/index.js";
import { decodeCursor, pageOf } from "../../core/index.js";
import { afterPosition, newestFirst } from "../../core/index.js";

export interface ProfileView {
  id: string;
  username: string;
  createdAt: string;
}

const view = (row: typeof profiles.$inferSelect): ProfileView => ({ id: row.id, username: row.username, createdAt: row.createdAt.toISOString() });

/** Usernames are unique per workspace; the unique index decides races between two creates. */
export async function createProfile({ ctx, input }: { ctx: DomainContext; input: { username: string } }): Promise<ProfileView> {
  const [row] = await ctx.db
    .insert(profiles)
    .values({ id: newId("prf"), workspaceId: ctx.workspace.id, username: input.username, createdAt: ctx.clock.now() })
    .onConflictDoNothing({ target: [profiles.workspaceId, profiles.username] })
    .returning();
  if (!row) throw new ApiError("username_taken", { param: "username", message: `A profile named \`${input.username}\` already exists.` });
  return view(row);
}

/** GET /v1/profiles: an agent limited to some brands lists only those (the grant names them by id). */
export async function listProfiles({ ctx, input }: { ctx: DomainContext; input: { limit: number; cursor?: string | undefined } }) {
  const position = input.cursor ? await decodeCursor("profiles", input.cursor) : null;
  const rows = await ctx.db
    .select()
    .from(profiles)
    .where(
      and(
        eq(profiles.workspaceId, ctx.workspace.id),
        ctx.agent && ctx.agent.grant.profiles !== null ? inArray(profiles.id, ctx.agent.grant.profiles) : undefined,
        afterPosition(profiles.createdAt, profiles.id, position),
      ),
    )
    .orderBy(...newestFirst(profiles.createdAt, profiles.id))
    .limit(input.limit + 1);
  const page = await pageOf("profiles", rows, input.limit);
  return { items: page.items.map(view), cursor: page.cursor };
}

/** The profile a username names in this workspace, or `profile_unknown`. */
export async function findProfileByUsername(ctx: DomainContext, username: string, param = "profile"): Promise<ProfileView> {
  const [row] = await ctx.db
    .select()
    .from(profiles)
    .where(and(eq(profiles.workspaceId, ctx.workspace.id), eq(profiles.username, username)))
    .limit(1);
  if (!row) throw new ApiError("profile_unknown", { param, message: `No profile named \`${username}\` in this workspace.` });
  return view(row);
}
