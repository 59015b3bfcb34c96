import { and, eq, gt, isNull } from "drizzle-orm";
import { connectSessions } from "../../../db/schema/index.js";
import { ApiError } from "../../../infra/errors.js";
import type { PlatformId } from "../../../types/platform-ids.js";
import { adapterFor } from "../../../networks/registry.js";
import { networkContextFor } from "../networks/network-context.js";
import { storeConnection } from "../store-connection.js";
import { type ConnectOutcome, type FinishedConnect, failureOutcome, linkPageUrl } from "./connect-outcome.js";
import { type ConnectRuntime, linkContext } from "./link-context.js";

export interface CallbackInput {
  platform: PlatformId;
  state?: string | undefined;
  code?: string | undefined;
  error?: string | undefined;
  errorDescription?: string | undefined;
}

type SessionRow = typeof connectSessions.$inferSelect;

/* The network refused a permission the app is not allowed to ask for: the app lacks a product. */
const SCOPE_REFUSALS = new Set(["unauthorized_scope_error", "invalid_scope"]);
const scopeRefusalFix = (platform: PlatformId) =>
  `The ${platform} app this server uses lacks a product for the permissions asked. The operator must add the product to the app in the network's developer portal, or list only the products it has in CHORUS_${platform.toUpperCase()}_PRODUCTS; then connect again.`;

const stateInvalid = (message: string) => new ApiError("connect_state_invalid", { message });

/**
 * Claims the attempt once. The conditional UPDATE is the whole guard against a replayed or
 * doubled callback: of two requests with one state, only one gets the row back. The state is
 * looked up without a workspace filter on purpose: this public callback has nothing else to go
 * by, and the state (32 random characters, single use, 10 minutes) is itself the credential;
 * the workspace comes from the row.
 */
async function claimSession(runtime: ConnectRuntime, platform: PlatformId, state: string): Promise<{ session: SessionRow; expired: boolean }> {
  const now = runtime.clock.now();
  const [claimed] = await runtime.db
    .update(connectSessions)
    .set({ usedAt: now })
    .where(and(eq(connectSessions.id, state), eq(connectSessions.platform, platform), isNull(connectSessions.usedAt), gt(connectSessions.expiresAt, now)))
    .returning();
  if (claimed) return { session: claimed, expired: false };
  const [row] = await runtime.db
    .select()
    .from(connectSessions)
    .where(and(eq(connectSessions.id, state), eq(connectSessions.platform, platform)))
    .limit(1);
  if (row && !row.usedAt) return { session: row, expired: true };
  throw stateInvalid(row ? "This sign-in was already finished; it cannot be finished twice." : "This sign-in attempt is unknown to Chorus.");
}

async function connect(runtime: ConnectRuntime, session: SessionRow, input: CallbackInput): Promise<ConnectOutcome> {
  const platform = input.platform;
  if (input.error === "access_denied") return { status: "denied", platform };
  if (input.error || !input.code) {
    return failureOutcome(
      platform,
      new ApiError("platform_rejected", {
        platform,
        message: input.errorDescription ?? input.error ?? "The network sent the person back without an authorization code.",
        fix: input.error && SCOPE_REFUSALS.has(input.error) ? scopeRefusalFix(platform) : null,
      }),
    );
  }
  const adapter = adapterFor(platform);
  try {
    if (!adapter.exchangeCode) throw stateInvalid(`${platform} does not connect through a consent screen.`);
    const { ctx } = await linkContext(runtime, { workspaceId: session.workspaceId, mode: session.mode, profileId: session.profileId });
    const net = await networkContextFor(ctx, platform, session.mode);
    const tokens = await adapter.exchangeCode({ code: input.code, codeVerifier: session.codeVerifier, variant: session.variant }, net);
    const identity = await adapter.identity(tokens, net);
    const account = await storeConnection(ctx, { platform, mode: session.mode, tokens, identity, profileId: session.profileId, variant: session.variant });
    return { status: "connected", platform, account };
  } catch (error) {
    return failureOutcome(platform, error);
  }
}

/**
 * GET /connect/callback/:platform: the network sends the person back here with `code` and
 * `state` (or `error`). A state that is missing, unknown, already used or for another network
 * changes nothing and is refused (the error page). Once the attempt is claimed, every outcome
 * (connected, denied, failed, expired) goes to the link's returnUrl.
 *
 * The state is deliberately not bound to a browser cookie. On phones the network's own app often
 * handles the consent and returns to another browser than the one that opened the link, which a
 * cookie would break; and it would protect nothing a link holder cannot already do, since
 * whoever has the link (or the authorize URL made from it) connects into the link's workspace,
 * never into anyone else's.
 */
export async function finishConnect({ runtime, input }: { runtime: ConnectRuntime; input: CallbackInput }): Promise<FinishedConnect> {
  if (!input.state) throw stateInvalid("The network sent the person back without a `state`.");
  const { session, expired } = await claimSession(runtime, input.platform, input.state);
  const outcome = expired
    ? failureOutcome(input.platform, new ApiError("connect_link_expired", { message: "The sign-in took longer than 10 minutes and expired." }))
    : await connect(runtime, session, input);
  return { outcome, returnUrl: session.returnUrl, linkUrl: await linkPageUrl(runtime.services, session.linkToken, runtime.clock.now()) };
}
