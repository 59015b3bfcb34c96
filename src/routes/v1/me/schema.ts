import * as v from "valibot";

export const MeSchema = v.object({
  account: v.pipe(v.string(), v.description("The workspace id (`ws_…`).")),
  name: v.string(),
  email: v.string(),
  plan: v.pipe(v.string(), v.description("`free` or `subscription`.")),
  mode: v.pipe(v.picklist(["test", "live"]), v.description("`test` keys publish to the sandbox networks, `live` keys to the real ones.")),
  key: v.object({ id: v.string(), name: v.string(), prefix: v.string(), nickname: v.nullable(v.string()) }),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
});

export const LimitsSchema = v.object({
  account: v.string(),
  email: v.string(),
  name: v.string(),
  credits: v.object({
    total: v.pipe(v.number(), v.integer(), v.description("monthly + pack.")),
    monthly: v.pipe(v.number(), v.integer(), v.description("Credits left of this month's allowance (UTC months).")),
    pack: v.pipe(v.number(), v.integer(), v.description("Purchased or granted credits that do not renew; spent after the monthly ones.")),
    monthlyAllowance: v.pipe(v.number(), v.integer()),
    plan: v.string(),
    blockedPlatforms: v.pipe(v.array(v.string()), v.description("Networks the plan or the operator excludes.")),
  }),
  billing: v.object({
    mode: v.pipe(v.picklist(["free", "payg", "subscription"]), v.description("`payg` is the free plan with a positive balance of non-renewing credits; it is not a subscription.")),
    isSubscriber: v.boolean(),
    hasPurchasedCredits: v.boolean(),
  }),
  connected: v.array(v.object({ account: v.string(), platform: v.string(), handle: v.string(), status: v.string() })),
  rateLimits: v.object({
    apiPerMinute: v.pipe(v.number(), v.integer()),
    postsPerMinute: v.pipe(v.number(), v.integer()),
    profile: v.object({ apiPerMinute: v.pipe(v.number(), v.integer()), postsPerMinute: v.pipe(v.number(), v.integer()) }),
  }),
});

export const PatchAgentBody = v.strictObject({
  nickname: v.pipe(
    v.nullable(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60))),
    v.description("Display nickname, at most 60 characters; null restores the key's own name."),
  ),
});

export const AgentIdentitySchema = v.object({
  id: v.pipe(v.string(), v.description("The agent's id: each API key acts as one agent (`agt_…`).")),
  name: v.pipe(v.string(), v.description("The key's own name.")),
  clientName: v.pipe(v.string(), v.description("The client the agent uses: `api-key` for API keys.")),
  nickname: v.nullable(v.string()),
  nicknameLocked: v.boolean(),
});
