import type { SocialAccountView } from "../../domain/accounts/index.js";
import type { PostView } from "../../domain/publishing/index.js";

export interface AccountHealth {
  /** The badge: `active`, `needs_reconnecting`, `revoked`, `disconnected`. */
  state: string;
  label: string;
  /** What it means and what to do, in plain words; null when all is well. */
  advice: string | null;
  reconnect: boolean;
}

const REVOKED = new Set(["needs_reauth", "missing_permission", "missing_scope", "token_revoked", "unauthorized"]);
const HOUR = 3_600_000;

/**
 * An account's health as the person needs it: the stored status, then what the network said the
 * last time Chorus posted for it (a permission taken back shows there first), then a token
 * that stayed expired. `recent` is the newest posts, newest first.
 */
export function healthOf(account: SocialAccountView, recent: PostView[], now: Date): AccountHealth {
  if (account.status === "disconnected") return { state: "disconnected", label: "disconnected", advice: "Connect it again to post to it.", reconnect: true };
  if (account.status === "needs_reauth") {
    return { state: "needs_reconnecting", label: "needs reconnecting", advice: "The network ended Chorus's access. Reconnect it to post again.", reconnect: true };
  }
  const connectedAt = Date.parse(account.connectedAt);
  for (const post of recent) {
    if (Date.parse(post.createdAt) < connectedAt) break;
    const last = post.targets.find((t) => t.account === account.id && (t.state === "published" || t.state === "failed"));
    if (!last) continue;
    if (last.state === "failed" && last.error && REVOKED.has(last.error.code)) {
      return { state: "revoked", label: "permission revoked", advice: "The network refused the last post: a permission was taken back. Reconnect and accept every permission asked.", reconnect: true };
    }
    break;
  }
  // Tokens are renewed ahead of expiry in the background (renewTokensAhead): one still expired an
  // hour after its time means renewal failed, and only a new connection helps.
  if (account.tokenExpiresAt && Date.parse(account.tokenExpiresAt) < now.getTime() - HOUR) {
    return { state: "needs_reconnecting", label: "token expired", advice: "Its access ran out and could not be renewed. Reconnect it to post again.", reconnect: true };
  }
  return { state: "active", label: "active", advice: null, reconnect: false };
}
