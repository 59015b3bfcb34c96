import { and, eq } from "drizzle-orm";
import { profiles, workspaces } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { ApiKeyRecord, DomainContext } from "../../core/index.js";

/** What the public connect pages have before they know the workspace: no key, no tenant yet. */
export type ConnectRuntime = Omit<DomainContext, "workspace" | "apiKey">;

/** Whom a connection started from a link acts for: the link's workspace, mode and profile. */
export interface LinkGrant {
  workspaceId: string;
  mode: "test" | "live";
  profileId: string | null;
}

export interface LinkContext {
  ctx: DomainContext;
  workspaceName: string;
  profile: { id: string; username: string } | null;
}

/**
 * The one place a DomainContext is built without an API key. The connect page is public: its
 * authority is the signed link (or the connect session made from it), which names the
 * workspace, the key's mode and the profile. The key itself is not carried, so the context gets
 * a synthetic key record whose id, `connect-link`, is what audit entries show as the actor.
 * A workspace or profile deleted since the link was made refuses the link.
 */
export async function linkContext(runtime: ConnectRuntime, grant: LinkGrant): Promise<LinkContext> {
  const [workspace] = await runtime.db.select().from(workspaces).where(eq(workspaces.id, grant.workspaceId)).limit(1);
  if (!workspace) throw new ApiError("connect_link_invalid", { message: "This connect link belongs to a workspace that no longer exists." });
  let profile: LinkContext["profile"] = null;
  if (grant.profileId) {
    const [row] = await runtime.db
      .select({ id: profiles.id, username: profiles.username })
      .from(profiles)
      .where(and(eq(profiles.id, grant.profileId), eq(profiles.workspaceId, workspace.id)))
      .limit(1);
    if (!row) throw new ApiError("connect_link_invalid", { message: "The profile this connect link was made for no longer exists." });
    profile = row;
  }
  const apiKey: ApiKeyRecord = {
    id: "connect-link",
    workspaceId: workspace.id,
    mode: grant.mode,
    name: "connect link",
    clientName: "connect link",
    nickname: null,
    nicknameLocked: false,
    prefix: "",
  };
  return { ctx: { ...runtime, workspace, apiKey }, workspaceName: workspace.name, profile };
}
