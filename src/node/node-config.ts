import * as v from "valibot";
import { logLevels } from "../infra/logger.js";
import { isLoopbackAddress, parseAddress } from "../infra/outbound/address-ranges.js";

/** Environment of the Node server, parsed once before the app sees it. */
export const NodeEnvSchema = v.object({
  PORT: v.pipe(v.optional(v.string(), "8787"), v.regex(/^\d+$/), v.transform(Number)),
  HOST: v.optional(v.string(), "0.0.0.0"),
  CHORUS_DATA_DIR: v.optional(v.string(), "./.data"),
  DATABASE_URL: v.optional(v.string()),
  CHORUS_PUBLIC_URL: v.optional(v.pipe(v.string(), v.url())),
  UPSTASH_REDIS_REST_URL: v.optional(v.pipe(v.string(), v.url())),
  UPSTASH_REDIS_REST_TOKEN: v.optional(v.string()),
  /** Addresses and CIDR ranges of the reverse proxies whose X-Forwarded-For names the client (checked when the runtime is built). */
  CHORUS_TRUSTED_PROXIES: v.optional(v.string()),
  /** Local development only: lets user-chosen URLs (a PDS, images) reach localhost over http. */
  CHORUS_OUTBOUND_ALLOW_LOOPBACK: v.optional(v.picklist(["true", "false"]), "false"),
  /**
   * Local development only: test-key webhooks may target loopback. Unset means on exactly when
   * HOST is a loopback address (nobody else can reach the server), off otherwise.
   */
  CHORUS_ALLOW_LOOPBACK_WEBHOOKS: v.optional(v.picklist(["true", "false"])),
  /** Lowest level written to stdout/stderr as JSON lines: debug, info (default), warn or error. */
  LOG_LEVEL: v.optional(v.picklist(logLevels), "info"),
  /** Scheduled and background jobs this process runs at once (default 32), and at most per workspace (default 16). */
  CHORUS_JOB_CONCURRENCY: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d*$/), v.transform(Number))),
  CHORUS_JOB_CONCURRENCY_PER_WORKSPACE: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d*$/), v.transform(Number))),
  /** Seconds an Idempotency-Key claim counts as running before its request is presumed dead (default 300). */
  CHORUS_IDEMPOTENCY_LEASE_SECONDS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))),
  /** Seconds a webhook attempt counts as in flight before its sender is presumed dead and it is made again (default 30). */
  CHORUS_WEBHOOK_STALE_SECONDS: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d*$/), v.transform(Number))),
  /** Seconds a verified API key is trusted without a database read (0 turns the cache off). */
  CHORUS_KEY_CACHE_SECONDS: v.pipe(v.optional(v.string(), "5"), v.regex(/^\d+$/), v.transform(Number), v.maxValue(300)),
});

export type NodeEnv = v.InferOutput<typeof NodeEnvSchema>;

export function parseNodeEnv(env: Record<string, string | undefined>): NodeEnv {
  const result = v.safeParse(NodeEnvSchema, env);
  if (!result.success) {
    const issue = result.issues[0];
    const name = issue?.path?.map((p) => String(p.key)).join(".") ?? "environment";
    throw new Error(`Invalid ${name}: ${issue?.message ?? "bad value"}`);
  }
  return result.output;
}

/** Whether HOST binds loopback only (`localhost`, 127.0.0.0/8, `::1`), so only this machine can call the server. */
export function listensOnLoopback(host: string): boolean {
  const name = host.toLowerCase();
  return name === "localhost" || (parseAddress(name) !== null && isLoopbackAddress(name));
}

/**
 * Test-mode loopback targets (webhooks, agent metadata documents): as CHORUS_ALLOW_LOOPBACK_WEBHOOKS
 * says, and when it is unset only for a server on loopback (the default HOST, 0.0.0.0, is every
 * interface: off).
 */
export function loopbackWebhooksAllowed(env: Pick<NodeEnv, "HOST" | "CHORUS_ALLOW_LOOPBACK_WEBHOOKS">): boolean {
  if (env.CHORUS_ALLOW_LOOPBACK_WEBHOOKS !== undefined) return env.CHORUS_ALLOW_LOOPBACK_WEBHOOKS === "true";
  return listensOnLoopback(env.HOST);
}
