import type { PlatformId } from "../../networks/platform-ids.js";
import type { TokenSet } from "../../networks/types.js";
import type { SocialAccountRow } from "./account-view.js";

/**
 * Whether Chorus can renew a connection's access token by itself before it expires, per network
 * (sheets in shared/networks): `renews` networks refresh with a refresh token or with the token
 * itself; `expires` ones end at `tokenExpiresAt` and the person must connect again.
 * - Facebook, and Instagram through the Facebook-login door: long-lived user tokens last about 60
 *   days, with no refresh token; Meta documents only the short-to-long exchange.
 * - Instagram-login door and Threads: `refresh_access_token` renews a valid token for 60 days.
 * - LinkedIn: 60-day tokens; refresh tokens only for approved partner apps, and theirs end
 *   365 days after the first consent without being extended.
 * - X, TikTok, Pinterest, YouTube, Google Business, Bluesky: refresh tokens.
 */
type Renewal = "renews" | "expires" | ((row: SocialAccountRow, tokens: () => Promise<TokenSet>) => Promise<boolean>);

const renewal = {
  facebook: "expires",
  instagram: async (row) => row.connectVariant === "facebook_login",
  linkedin: async (row, tokens) => {
    const set = await tokens();
    if (!set.refreshToken || !row.tokenExpiresAt) return true;
    return set.refreshExpiresAt !== null && new Date(set.refreshExpiresAt).getTime() <= row.tokenExpiresAt.getTime();
  },
  threads: "renews",
  twitter: "renews",
  tiktok: "renews",
  pinterest: "renews",
  youtube: "renews",
  googlebusiness: "renews",
  bluesky: "renews",
} satisfies Record<PlatformId, Renewal>;

/** The networks where some connections cannot be renewed: only these need a look. */
export const platformsThatMayExpire = (Object.keys(renewal) as PlatformId[]).filter((p) => renewal[p] !== "renews");

/** True when this connection's access token ends at `tokenExpiresAt` whatever Chorus does. */
export async function expiresForGood(row: SocialAccountRow, tokens: () => Promise<TokenSet>): Promise<boolean> {
  const rule: Renewal = renewal[row.platform];
  if (rule === "renews") return false;
  if (rule === "expires") return true;
  return rule(row, tokens);
}

/**
 * Connections renewed ahead of expiry in the background (jobs/renew-tokens-ahead.ts), because
 * what renews them lapses unless used, and renewal on use fires only minutes before the access
 * token expires, which an account unused for weeks never reaches:
 * - Instagram-login door and Threads: `refresh_access_token` renews a 60-day token only while it
 *   is unexpired (and at least a day old); nothing can save it once it lapses.
 * - Pinterest: the continuous refresh token ends 60 days after its last use and the access token
 *   lasts about 30, so renewing the access token ahead renews the refresh token too.
 * Networks whose access tokens last hours (X, TikTok, YouTube, Google Business, Bluesky) renew
 * on every use a few hours apart; their refresh tokens' own ends are not tracked yet.
 */
export function renewedAhead(row: Pick<SocialAccountRow, "platform" | "connectVariant">): boolean {
  if (row.platform === "instagram") return row.connectVariant !== "facebook_login";
  return row.platform === "threads" || row.platform === "pinterest";
}
