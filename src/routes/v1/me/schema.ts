import * as v from "valibot";
import { named, namedBody } from "../../openapi-helpers.js";
import { GrantSchema } from "../agents/schema.js";

const MeAgentSchema = named(
  "MeAgent",
  v.object({
    id: v.pipe(v.string(), v.description("The agent's id (`agt_…`).")),
    clientName: v.pipe(v.string(), v.description("The name its OAuth client registered with.")),
    nickname: v.nullable(v.string()),
    nicknameLocked: v.boolean(),
    grant: GrantSchema,
    spentToday: v.pipe(
      v.number(),
      v.integer(),
      v.description(
        "Credits it spent today (UTC): its posts (a scheduled post counts on the day it was scheduled) and billed replies, less what came back when a network refused them or a scheduled post was cancelled before it was sent (given back on the day it was charged).",
      ),
    ),
    creditsLeftToday: v.pipe(v.number(), v.integer(), v.description("`grant.creditsPerDay` minus `spentToday`.")),
  }),
  {
    id: "agt_6Ty3Np8Rm2Kc5Wd9Hq1X",
    clientName: "Claude",
    nickname: null,
    nicknameLocked: false,
    grant: { profiles: ["prf_8Kd2Lw9Qx4Zr7Tb1Mn3V"], platforms: ["bluesky", "linkedin"], actions: ["read", "draft", "publish_or_schedule"], creditsPerDay: 5, purchasedCredits: false },
    spentToday: 2,
    creditsLeftToday: 3,
  },
);

export const MeSchema = named(
  "Me",
  v.object({
    account: v.pipe(v.string(), v.description("The workspace id (`ws_…`).")),
    name: v.string(),
    email: v.string(),
    plan: v.pipe(v.string(), v.description("`free` or `subscription`.")),
    mode: v.pipe(v.picklist(["test", "live"]), v.description("`test` keys publish to the sandbox networks, `live` keys to the real ones.")),
    key: v.object({ id: v.string(), name: v.string(), prefix: v.string(), nickname: v.nullable(v.string()) }),
    agent: v.pipe(v.nullable(MeAgentSchema), v.description("With an OAuth agent's access token: the agent, its grant and today's spend. Null with an API key.")),
    createdAt: v.pipe(v.string(), v.isoTimestamp()),
  }),
  {
    account: "ws_2Jd8Ls5Qw1Zx9Vb4",
    name: "Ada's workspace",
    email: "ada@example.com",
    plan: "free",
    mode: "test",
    key: { id: "agt_6Ty3Np8Rm2Kc5Wd9", name: "default", prefix: "sk_test_4f9a", nickname: null },
    agent: null,
    createdAt: "2026-11-24T09:00:00.000Z",
  },
);

export const LimitsSchema = named(
  "Limits",
  v.object({
    account: v.string(),
    email: v.string(),
    name: v.string(),
    credits: v.object({
      total: v.pipe(v.number(), v.integer(), v.description("monthly + pack, of the key's ledger: a test key sees the test ledger (what test keys spend), a live key the live one.")),
      monthly: v.pipe(v.number(), v.integer(), v.description("Credits left of this month's allowance (UTC months).")),
      pack: v.pipe(
        v.number(),
        v.integer(),
        v.description("Granted and purchased credits that do not renew; spent after the monthly ones (granted first). With a test key: the test ledger's granted test credits."),
      ),
      monthlyAllowance: v.pipe(v.number(), v.integer()),
      plan: v.string(),
      blockedPlatforms: v.pipe(
        v.array(v.string()),
        v.description("Networks this key cannot publish to: the plan's exclusions (live keys only; test mode may try every network) and the operator's blocks."),
      ),
    }),
    billing: v.object({
      mode: v.pipe(
        v.picklist(["free", "payg", "subscription"]),
        v.description("`payg` is the free plan with a positive balance of purchased, non-renewing credits (granted credits do not count); it is not a subscription. Always the live ledger's."),
      ),
      isSubscriber: v.boolean(),
      hasPurchasedCredits: v.boolean(),
    }),
    connected: v.array(v.object({ account: v.string(), platform: v.string(), handle: v.string(), status: v.string() })),
    storage: v.object({
      usedBytes: v.pipe(
        v.number(),
        v.integer(),
        v.description(
          "Bytes of the workspace's stored media plus the parts of unfinished upload sessions. Files are kept until DELETE /v1/media/{id}. Read with the credits, in the same statement; where the limits are cached in process, every upload, completed session and deletion empties the cache, so the figure is never older than the last committed change.",
        ),
      ),
      limitBytes: v.pipe(v.nullable(v.pipe(v.number(), v.integer())), v.description("null: this deployment sets no storage limit.")),
    }),
    rateLimits: v.object({
      apiPerMinute: v.pipe(v.number(), v.integer()),
      postsPerMinute: v.pipe(v.number(), v.integer()),
      profile: v.object({ apiPerMinute: v.pipe(v.number(), v.integer()), postsPerMinute: v.pipe(v.number(), v.integer()) }),
    }),
  }),
  {
    account: "ws_2Jd8Ls5Qw1Zx9Vb4",
    email: "ada@example.com",
    name: "Ada's workspace",
    credits: { total: 45, monthly: 45, pack: 0, monthlyAllowance: 50, plan: "free", blockedPlatforms: ["twitter", "tiktok"] },
    billing: { mode: "free", isSubscriber: false, hasPurchasedCredits: false },
    connected: [{ account: "acc_7Hq2xWm9Lr4Tb8Zc", platform: "bluesky", handle: "ada.bsky.social", status: "active" }],
    storage: { usedBytes: 48213, limitBytes: null },
    rateLimits: { apiPerMinute: 600, postsPerMinute: 60, profile: { apiPerMinute: 120, postsPerMinute: 20 } },
  },
);

export const PatchAgentBody = namedBody(
  "UpdateAgentRequest",
  v.strictObject({
    nickname: v.pipe(
      v.nullable(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(60))),
      v.description("Display nickname, at most 60 characters; null restores the key's own name (for an OAuth agent, its client's registered name)."),
    ),
  }),
  { nickname: "scheduler-bot" },
);

export const AgentIdentitySchema = named(
  "AgentIdentity",
  v.object({
    id: v.pipe(v.string(), v.description("The agent's id: each API key acts as one agent (`agt_…`).")),
    name: v.pipe(v.string(), v.description("The key's own name.")),
    clientName: v.pipe(v.string(), v.description("The client the agent uses: `api-key` for API keys, the registered client name for OAuth agents.")),
    nickname: v.nullable(v.string()),
    nicknameLocked: v.boolean(),
  }),
  { id: "agt_6Ty3Np8Rm2Kc5Wd9", name: "default", clientName: "api-key", nickname: "scheduler-bot", nicknameLocked: false },
);
