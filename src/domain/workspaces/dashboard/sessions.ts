import { and, eq, isNull } from "drizzle-orm";
import { appLinks, dashboardSessions, workspaces } from "../../../db/schema/index.js";
import type { Database } from "../../../db/types.js";
import { sha256Hex, timingSafeEqual } from "../../../infra/crypto.js";
import { ApiError } from "../../../infra/errors.js";
import { randomString } from "../../../infra/ids.js";
import { recordAuditEvent } from "../../core/index.js";
import type { ConnectRuntime } from "../../accounts/index.js";
import type { ApiKeyRecord, DomainContext } from "../../core/index.js";

/** A session ends after 30 minutes without a request, and 12 hours after sign-in whatever happens. */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 12 * 60 * 60_000;
/** `lastSeenAt` is written at most once a minute per session, not on every page view. */
const SEEN_RESOLUTION_MS = 60_000;

export type Mode = "test" | "live";

export interface OpenedSession {
  /** The domain context the dashboard's pages run in: the session's workspace, in the mode it views. */
  ctx: DomainContext;
  session: { mode: Mode; viewMode: Mode; csrfToken: string; expiresAt: Date };
}

const TOKEN_SHAPE = /^al_[0-9A-Za-z]{43}$/;
const SESSION_SHAPE = /^ds_[0-9A-Za-z]{43}$/;

/**
 * Spends an app link and opens a session. The link is claimed by one conditional UPDATE (unused
 * and unexpired), in the same transaction as the session insert: two tabs racing on one link
 * get one session, and a failed insert leaves the link unspent.
 */
export async function redeemAppLink({ runtime, input }: { runtime: ConnectRuntime; input: { token: string } }): Promise<{ sessionToken: string; expiresAt: Date }> {
  if (!TOKEN_SHAPE.test(input.token)) throw new ApiError("app_link_invalid");
  const now = runtime.clock.now();
  const hash = await sha256Hex(input.token);
  const result = await runtime.db.transaction(async (tx) => {
    const [link] = await tx
      .update(appLinks)
      .set({ usedAt: now })
      .where(and(eq(appLinks.tokenHash, hash), isNull(appLinks.usedAt)))
      .returning();
    if (!link) {
      const [spent] = await tx.select({ usedAt: appLinks.usedAt }).from(appLinks).where(eq(appLinks.tokenHash, hash)).limit(1);
      throw spent ? new ApiError("app_link_used") : new ApiError("app_link_invalid");
    }
    // Expiry is checked after the claim, and answered without throwing (a throw would roll the
    // claim back): an expired link is spent too, so it can never work later.
    if (link.expiresAt.getTime() <= now.getTime()) return null;
    const sessionToken = `ds_${randomString(43)}`;
    const expiresAt = new Date(now.getTime() + SESSION_MAX_MS);
    await tx.insert(dashboardSessions).values({
      tokenHash: await sha256Hex(sessionToken),
      workspaceId: link.workspaceId,
      mode: link.mode,
      viewMode: link.mode,
      csrfToken: randomString(43),
      createdBy: link.createdBy,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    });
    await recordAuditEvent(tx, { workspaceId: link.workspaceId, type: "dashboard.login", actor: link.createdBy, details: { mode: link.mode }, at: now });
    return { sessionToken, expiresAt };
  });
  if (!result) throw new ApiError("app_link_expired");
  return result;
}

const SESSION_KEY_ID = "dashboard";

/**
 * The session behind a cookie, with its workspace, in one query; null when absent, signed out,
 * idle too long or past its absolute expiry. The context's key record is synthetic (id
 * `dashboard`, the actor audit entries show) and carries the mode the person is viewing.
 */
export async function openSession(runtime: ConnectRuntime, token: string | undefined): Promise<OpenedSession | null> {
  if (!token || !SESSION_SHAPE.test(token)) return null;
  const now = runtime.clock.now();
  const hash = await sha256Hex(token);
  const [row] = await runtime.db
    .select({ session: dashboardSessions, workspace: workspaces })
    .from(dashboardSessions)
    .innerJoin(workspaces, eq(workspaces.id, dashboardSessions.workspaceId))
    .where(and(eq(dashboardSessions.tokenHash, hash), isNull(dashboardSessions.endedAt)))
    .limit(1);
  if (!row) return null;
  const { session, workspace } = row;
  if (session.expiresAt.getTime() <= now.getTime() || now.getTime() - session.lastSeenAt.getTime() >= SESSION_IDLE_MS) return null;
  if (now.getTime() - session.lastSeenAt.getTime() >= SEEN_RESOLUTION_MS) {
    await runtime.db.update(dashboardSessions).set({ lastSeenAt: now }).where(eq(dashboardSessions.tokenHash, hash));
  }
  const apiKey: ApiKeyRecord = {
    id: SESSION_KEY_ID,
    workspaceId: workspace.id,
    mode: session.viewMode,
    name: "dashboard",
    clientName: "dashboard",
    nickname: null,
    nicknameLocked: false,
    prefix: "",
  };
  return {
    ctx: { ...runtime, workspace, apiKey, effects: { committed: false } },
    session: { mode: session.mode, viewMode: session.viewMode, csrfToken: session.csrfToken, expiresAt: session.expiresAt },
  };
}

/** Every dashboard form posts the session's CSRF token back; a missing or wrong one writes nothing. */
export function assertCsrf(opened: OpenedSession, presented: unknown): void {
  if (typeof presented !== "string" || !timingSafeEqual(presented, opened.session.csrfToken)) {
    throw new ApiError("csrf_token_invalid");
  }
}

/** Sign-out: the cookie's session ends now, whatever the cookie's own lifetime says. */
export async function endSession(db: Database, token: string, now: Date): Promise<void> {
  if (!SESSION_SHAPE.test(token)) return;
  await db
    .update(dashboardSessions)
    .set({ endedAt: now })
    .where(and(eq(dashboardSessions.tokenHash, await sha256Hex(token)), isNull(dashboardSessions.endedAt)));
}

/**
 * The test/live switch. A session opened by a live key may look at either; one opened by a test
 * key sees test data only, as the key itself does.
 */
export async function switchViewMode({ ctx, input }: { ctx: DomainContext; input: { token: string; session: OpenedSession["session"]; to: Mode } }): Promise<void> {
  if (input.to === "live" && input.session.mode === "test") {
    throw new ApiError("field_invalid", {
      param: "mode",
      message: "This session was opened with a test key, so it shows test data only.",
      fix: "Open the dashboard with an app link made by a live key (sk_live_…) to see live data.",
    });
  }
  await ctx.db
    .update(dashboardSessions)
    .set({ viewMode: input.to })
    .where(and(eq(dashboardSessions.tokenHash, await sha256Hex(input.token)), eq(dashboardSessions.workspaceId, ctx.workspace.id)));
}
