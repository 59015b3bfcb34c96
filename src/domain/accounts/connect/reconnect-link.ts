import type { PlatformId } from "../../../types/platform-ids.js";
import { signConnectLink } from "./link-token.js";

/**
 * How long the reconnect link in an `account.token_expiring` or `account.needs_reauth` event
 * works. A connect link usually lasts 15 minutes because it is handed to a person who opens it
 * at once; an event is read by software that may pass it on by email, and the warning comes 7
 * days (by default) before the token dies, so the link lasts that long. It can only connect
 * accounts into the event's own workspace and mode; a fresh one comes from
 * GET /v1/connect-link?platform=&variant= at any time.
 */
export const RECONNECT_LINK_TTL_MS = 7 * 24 * 60 * 60_000;

export interface ReconnectTarget {
  workspaceId: string;
  mode: "test" | "live";
  platform: PlatformId;
  /** Instagram's door the account came through; reconnecting through the same door keeps its features. */
  connectVariant: string | null;
  profileId: string | null;
}

/** A link straight to the network's door on the hosted connect page, as GET /v1/connect-link makes. */
export async function reconnectLink(services: { signingSecret: string; publicUrl: string }, account: ReconnectTarget, now: Date) {
  const expiresAt = new Date(now.getTime() + RECONNECT_LINK_TTL_MS);
  const token = await signConnectLink(services.signingSecret, {
    workspaceId: account.workspaceId,
    mode: account.mode,
    profileId: account.profileId,
    returnUrl: null,
    platforms: [account.platform],
    expiresAt,
  });
  const query = account.connectVariant ? `?variant=${encodeURIComponent(account.connectVariant)}` : "";
  return { reconnectUrl: `${services.publicUrl}/connect/${token}/start/${account.platform}${query}`, reconnectUrlExpiresAt: expiresAt.toISOString() };
}
