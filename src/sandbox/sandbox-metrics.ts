/**
 * The audience a simulated post reaches, for networks whose insights come from people the
 * sandbox does not simulate one by one (views, reach, saves, clicks, watch time). Derived from
 * the post's id and age only, so the same world always reports the same numbers: a post gathers
 * a fifth of its audience at once and the rest over its first two days, as feeds mostly do.
 * Counts the sandbox does simulate (Bluesky likes, X replies) are counted from its records instead.
 */

export interface SimulatedAudience {
  impressions: number;
  reach: number;
  likes: number;
  comments: number;
  shares: number;
  saves: number;
  clicks: number;
  videoViews: number;
  /** Total watch time in seconds, for videos. */
  watchSeconds: number;
  profileVisits: number;
  follows: number;
}

/** FNV-1a: a small, stable hash so the numbers do not depend on the runtime. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

const HOUR_MS = 3_600_000;

/** How much of its final audience a post has at `now`. */
export function growth(publishedAt: string, now: Date): number {
  const hours = Math.max(0, (now.getTime() - Date.parse(publishedAt)) / HOUR_MS);
  return 0.2 + 0.8 * Math.min(1, hours / 48);
}

export function simulatedAudience(postId: string, publishedAt: string, now: Date, video = false): SimulatedAudience {
  const seed = stableHash(postId);
  const g = growth(publishedAt, now);
  const part = (max: number, shift: number) => Math.round((((seed >>> shift) % max) + max / 4) * g);
  const impressions = part(4000, 0);
  const reach = Math.round(impressions * 0.7);
  const videoViews = video ? Math.round(impressions * 0.6) : 0;
  return {
    impressions,
    reach,
    likes: part(200, 3),
    comments: part(30, 7),
    shares: part(20, 11),
    saves: part(40, 13),
    clicks: part(120, 17),
    videoViews,
    watchSeconds: video ? videoViews * (8 + (seed % 20)) : 0,
    profileVisits: part(60, 19),
    follows: part(10, 23),
  };
}

/** Followers of a simulated account: stable per account, a few hundred to a few thousand. */
export function simulatedFollowers(accountId: string): number {
  return 300 + (stableHash(`followers:${accountId}`) % 4700);
}

/** New followers of an account on one day (UTC), and the ones who left. */
export function simulatedFollowsOn(accountId: string, day: string): { gained: number; lost: number } {
  const seed = stableHash(`follows:${accountId}:${day}`);
  return { gained: seed % 12, lost: (seed >>> 8) % 4 };
}

/** The account's audience on one day (UTC): what its insights report per day. */
export function simulatedDay(accountId: string, day: string): SimulatedAudience {
  return simulatedAudience(`${accountId}:${day}`, "1970-01-01T00:00:00.000Z", new Date(Date.parse(`${day}T00:00:00Z`)));
}
