import { eq } from "drizzle-orm";
import { workspaces } from "../../../db/schema/index.js";
import type { ApiKeyRecord, DomainContext, WorkspaceRecord } from "../context.js";

/** What a job handler has before it knows the workspace. */
export type JobRuntime = Omit<DomainContext, "workspace" | "apiKey">;

/**
 * Jobs act for the workspace that queued them, with no API key: the context gets a synthetic
 * key record whose id, `scheduler`, is what audit entries show. Null when the workspace is gone.
 */
export async function jobContext(runtime: JobRuntime, workspaceId: string, mode: "test" | "live"): Promise<DomainContext | null> {
  return jobContextFor(runtime, await loadJobWorkspace(runtime, workspaceId), mode);
}

/** The workspace a job acts for; null when it is gone. */
export async function loadJobWorkspace(runtime: JobRuntime, workspaceId: string): Promise<WorkspaceRecord | null> {
  const [workspace] = await runtime.db.select().from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  return workspace ?? null;
}

/** A job's own context around a workspace already read (the runner reads it once per claimed batch). */
export function jobContextFor(runtime: JobRuntime, workspace: WorkspaceRecord | null, mode: "test" | "live"): DomainContext | null {
  if (!workspace) return null;
  const workspaceId = workspace.id;
  const apiKey: ApiKeyRecord = {
    id: "scheduler",
    workspaceId,
    mode,
    name: "scheduler",
    clientName: "scheduler",
    nickname: null,
    nicknameLocked: false,
    prefix: "",
  };
  return { ...runtime, workspace, apiKey };
}
