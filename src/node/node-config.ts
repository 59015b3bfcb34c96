import * as v from "valibot";

/** Environment of the Node server, parsed once before the app sees it. */
export const NodeEnvSchema = v.object({
  PORT: v.pipe(v.optional(v.string(), "8787"), v.regex(/^\d+$/), v.transform(Number)),
  HOST: v.optional(v.string(), "0.0.0.0"),
  CHORUS_DATA_DIR: v.optional(v.string(), "./.data"),
  DATABASE_URL: v.optional(v.string()),
  CHORUS_PUBLIC_URL: v.optional(v.pipe(v.string(), v.url())),
  UPSTASH_REDIS_REST_URL: v.optional(v.pipe(v.string(), v.url())),
  UPSTASH_REDIS_REST_TOKEN: v.optional(v.string()),
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
