import type { Clock } from "../clock.js";
import type { RateLimiter, RateLimitOutcome, RateRule } from "./types.js";

interface Bucket {
  windowStart: number;
  current: number;
  previous: number;
}

/**
 * The in-process limiter: the same sliding-window policy as @upstash/ratelimit's
 * `slidingWindow` (the previous window's count weighted by how much of it still overlaps),
 * so a deployment behaves alike with or without Upstash. State is per process: right for one
 * Node server, and the fallback a Worker isolate uses when Upstash does not answer.
 */
export function createMemoryRateLimiter(clock: Clock, maxKeys = 100_000): RateLimiter {
  const buckets = new Map<string, Bucket>();

  return {
    async limit(key: string, rule: RateRule): Promise<RateLimitOutcome> {
      const windowMs = rule.windowSeconds * 1000;
      const now = clock.now().getTime();
      const windowStart = now - (now % windowMs);
      const bucketKey = `${key}:${rule.limit}:${rule.windowSeconds}`;
      let bucket = buckets.get(bucketKey);
      if (!bucket || bucket.windowStart < windowStart - windowMs) {
        bucket = { windowStart, current: 0, previous: 0 };
      } else if (bucket.windowStart < windowStart) {
        bucket = { windowStart, current: 0, previous: bucket.current };
      }
      const overlap = 1 - (now - windowStart) / windowMs;
      const used = Math.floor(bucket.previous * overlap) + bucket.current;
      const success = used < rule.limit;
      if (success) bucket.current += 1;
      if (buckets.size >= maxKeys && !buckets.has(bucketKey)) {
        // Oldest-first eviction keeps memory bounded; Map iterates in insertion order.
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) buckets.delete(oldest);
      }
      buckets.set(bucketKey, bucket);
      return {
        success,
        limit: rule.limit,
        remaining: Math.max(0, rule.limit - used - (success ? 1 : 0)),
        reset: windowStart + windowMs,
      };
    },
  };
}
