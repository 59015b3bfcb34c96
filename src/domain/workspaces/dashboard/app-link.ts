import { appLinks } from "../../../db/schema/index.js";
import { sha256Hex } from "../../../infra/crypto.js";
import { randomString } from "../../../infra/ids.js";
import type { DomainContext } from "../../core/index.js";

/** Per API-DECISIONS: an app link works once, for five minutes. */
export const APP_LINK_TTL_MS = 5 * 60_000;

export interface AppLinkView {
  url: string;
  expiresAt: string;
}

/** What minting needs: the API passes its request context; the operator CLI builds the same shape with `apiKey.id = "operator"`. */
export type AppLinkContext = Pick<DomainContext, "db" | "clock"> & {
  workspace: Pick<DomainContext["workspace"], "id">;
  apiKey: Pick<DomainContext["apiKey"], "id" | "mode">;
  services: Pick<DomainContext["services"], "publicUrl">;
};

/**
 * POST /v1/app-link (and `chorus app-link`). Unlike a connect link, an app link is stored: single
 * use needs a record to spend. The token is random and only its SHA-256 is kept, so neither the
 * database nor its backups can open a dashboard.
 */
export async function createAppLink({ ctx }: { ctx: AppLinkContext }): Promise<AppLinkView> {
  const token = `al_${randomString(43)}`;
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + APP_LINK_TTL_MS);
  await ctx.db.insert(appLinks).values({
    tokenHash: await sha256Hex(token),
    workspaceId: ctx.workspace.id,
    mode: ctx.apiKey.mode,
    createdBy: ctx.apiKey.id,
    expiresAt,
    createdAt: now,
  });
  return { url: `${ctx.services.publicUrl}/dashboard/signin/${token}`, expiresAt: expiresAt.toISOString() };
}
