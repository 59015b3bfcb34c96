import { and, eq, isNull } from "drizzle-orm";
import { apiKeys } from "../../db/schema/index.js";
import { ApiError } from "../../infra/errors.js";
import { recordAuditEvent } from "../core/index.js";
import type { DomainContext } from "../core/index.js";
import { type CreatedApiKey, createApiKey } from "./create-api-key.js";
import { listKeys } from "./operator-keys.js";

/** The workspace's keys as its owner sees them in the dashboard: never a key, only its prefix. */
export async function listWorkspaceKeys({ ctx }: { ctx: DomainContext }) {
  return listKeys(ctx.db, { workspaceId: ctx.workspace.id });
}

/**
 * A new key, returned whole once. `allowLive` is false for a session opened by a test key: a
 * test credential must not be able to mint a live one.
 */
export async function createWorkspaceKey({ ctx, input }: { ctx: DomainContext; input: { mode: "test" | "live"; name: string; allowLive: boolean } }): Promise<CreatedApiKey> {
  if (input.mode === "live" && !input.allowLive) {
    throw new ApiError("field_invalid", {
      param: "mode",
      message: "A session opened with a test key can create test keys only.",
      fix: "Open the dashboard with an app link made by a live key to create live keys.",
    });
  }
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100) throw new ApiError("field_invalid", { param: "name", message: "The key's name must be 1 to 100 characters." });
  return ctx.db.transaction((tx) => createApiKey(tx, { workspaceId: ctx.workspace.id, mode: input.mode, name, actor: ctx.apiKey.id, at: ctx.clock.now() }));
}

/** Revokes one of this workspace's keys: the next request with it is 401. Another workspace's key id is a 404. */
export async function revokeWorkspaceKey({ ctx, input }: { ctx: DomainContext; input: { id: string } }): Promise<{ keyId: string; revokedAt: string }> {
  const now = ctx.clock.now();
  const revoked = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.id, input.id), eq(apiKeys.workspaceId, ctx.workspace.id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, prefix: apiKeys.prefix });
    if (!row) throw new ApiError("resource_not_found", { param: "id", message: `No active key ${input.id} in this workspace.` });
    await recordAuditEvent(tx, { workspaceId: ctx.workspace.id, type: "key.revoked", actor: ctx.apiKey.id, details: { keyId: row.id, prefix: row.prefix }, at: now });
    return { keyId: row.id, revokedAt: now.toISOString() };
  });
  // This process stops accepting the key at once; others when their verified-key cache entry expires.
  ctx.services.verifiedKeys?.forgetKey(revoked.keyId);
  return revoked;
}
