import { and, eq, isNull, notInArray, or, type SQL } from "drizzle-orm";
import { socialAccounts } from "../../db/schema/index.js";
import { adapters, rulesFor, platformIds } from "../../networks/registry.js";
import type { TokenSet } from "../../networks/types.js";
import type { PlatformId } from "../../types/platform-ids.js";
import type { SocialAccountRow } from "./account-view.js";

/**
 * Whether Chorus can renew a connection's access token by itself before it expires is the
 * network's rule (`tokens` in networks/<id>/rules.ts, with the sheet facts behind it): `renews`
 * networks refresh with a refresh token or with the token itself; `expires` ones end at
 * `tokenExpiresAt` and the person must connect again; others decide per connection.
 */

/** The networks where some connections cannot be renewed: only these need a look. */
export const platformsThatMayExpire = platformIds.filter((p) => adapters[p].rules.tokens.expiry !== "renews");

/** True when this connection's access token ends at `tokenExpiresAt` whatever Chorus does. */
export async function expiresForGood(row: SocialAccountRow, tokens: () => Promise<TokenSet>): Promise<boolean> {
  const rule = rulesFor(row.platform as PlatformId).tokens.expiry;
  if (rule === "renews") return false;
  if (rule === "expires") return true;
  return rule(row, tokens);
}

/**
 * Connections renewed ahead of expiry in the background (renew-tokens-ahead.ts), because
 * what renews them lapses unless used, and renewal on use fires only minutes before the access
 * token expires, which an account unused for weeks never reaches (`tokens.renewAhead` in the
 * network's rules: the Instagram-login door, Threads, Pinterest). Networks whose access tokens
 * last hours renew on every use a few hours apart; their refresh tokens' own ends are not
 * tracked yet.
 */
export function renewedAhead(row: Pick<SocialAccountRow, "platform" | "connectVariant">): boolean {
  const ahead = rulesFor(row.platform as PlatformId).tokens.renewAhead;
  if (!ahead) return false;
  return row.connectVariant === null || !(ahead.exceptVariants ?? []).includes(row.connectVariant);
}

/** renewedAhead as a condition on social_accounts, so rows renewed on use never take a place in the sweep's batch. */
export function renewedAheadCondition(): SQL | undefined {
  const terms = platformIds.flatMap((platform) => {
    const ahead = adapters[platform].rules.tokens.renewAhead;
    if (!ahead) return [];
    const except = ahead.exceptVariants ?? [];
    const onPlatform = eq(socialAccounts.platform, platform);
    return [except.length === 0 ? onPlatform : and(onPlatform, or(isNull(socialAccounts.connectVariant), notInArray(socialAccounts.connectVariant, [...except])))];
  });
  return or(...terms);
}
