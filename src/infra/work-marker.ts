/**
 * Whether anything happened since the background sweeps last found nothing to watch. Writes and
 * enqueues touch it; a sweep round that finds nothing marks it quiet. While it stays quiet the
 * minute's sweeps do not open the database, so an idle one (a Neon branch) can suspend.
 *
 * Quiet means: the last "nothing to watch" was checked after the last touch. A touch that lands
 * while the check runs is later than the check's start, so it can never be lost to the check.
 */
export interface WorkMarker {
  touch(at: number): Promise<void>;
  markQuiet(checkedAt: number): Promise<void>;
  isQuiet(): Promise<boolean>;
}

export function isQuietAt(touchedAt: number | null, quietAt: number | null): boolean {
  return quietAt !== null && (touchedAt === null || quietAt >= touchedAt);
}

/** One process (the Node server): the poller and the API share it in memory. */
export function memoryWorkMarker(): WorkMarker & { touchedAt(): number | null } {
  let touchedAt: number | null = null;
  let quietAt: number | null = null;
  return {
    async touch(at) {
      touchedAt = Math.max(touchedAt ?? at, at);
    },
    async markQuiet(checkedAt) {
      quietAt = checkedAt;
    },
    async isQuiet() {
      return isQuietAt(touchedAt, quietAt);
    },
    touchedAt: () => touchedAt,
  };
}

/** The few Redis commands the marker needs (Upstash's REST client has them). */
export interface MarkerRedis {
  set(key: string, value: string): Promise<unknown>;
  mget<T extends unknown[]>(...keys: string[]): Promise<T>;
}

/**
 * The marker speaks of one database's work: deployments (or test runs) sharing one Redis must not
 * quiet each other. A hash, so the database's address never lands in Redis.
 */
export async function workMarkerScope(databaseUrl: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(databaseUrl));
  return [...new Uint8Array(digest).slice(0, 8)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Workers: every isolate and the cron share the marker through Upstash, so the cron asks Redis, not
 * the database, whether the minute's sweeps have anything to do.
 */
export function redisWorkMarker(redis: MarkerRedis, scope: string): WorkMarker {
  const touchedKey = `chorus:work:${scope}:touched-at`;
  const quietKey = `chorus:work:${scope}:quiet-at`;
  const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    async touch(at) {
      await redis.set(touchedKey, String(at));
    },
    async markQuiet(checkedAt) {
      await redis.set(quietKey, String(checkedAt));
    },
    async isQuiet() {
      const [touched, quiet] = await redis.mget<[unknown, unknown]>(touchedKey, quietKey);
      return isQuietAt(toNumber(touched), toNumber(quiet));
    },
  };
}

/**
 * Requests that may leave something for the sweeps to watch: every method but reads, and the OAuth
 * callback, a GET that stores a newly connected account (whose inbox may now be polled).
 */
export function mayCreateWork(method: string, url: string): boolean {
  if (method !== "GET" && method !== "HEAD" && method !== "OPTIONS") return true;
  return url.includes("/connect/callback/");
}
