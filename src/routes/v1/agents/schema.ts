import * as v from "valibot";
import { agentActions, MAX_CREDITS_PER_DAY } from "../../../domain/agents/index.js";
import { platformIds } from "../../../networks/registry.js";
import { named, namedBody } from "../../openapi-helpers.js";

const grantFields = {
  profiles: v.pipe(v.nullable(v.array(v.string())), v.description("Profile ids (`prf_…`) the agent may act for; `null`: every profile, and accounts outside any profile. `[]`: none.")),
  platforms: v.pipe(v.nullable(v.array(v.picklist(platformIds))), v.description("Networks the agent may reach; `null`: every network.")),
  actions: v.pipe(
    v.array(v.picklist(agentActions)),
    v.description(
      "What it may do: `read` (posts, accounts, analytics, inbox), `draft` (drafts, validation, media upload), `publish_or_schedule`, `reply_and_message`, `engage` (like, repost, follow, block, mute), `delete` (cancel, retract, delete).",
    ),
  ),
  creditsPerDay: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_CREDITS_PER_DAY), v.description("Credits its posts may spend per UTC day.")),
  purchasedCredits: v.pipe(v.boolean(), v.description("Whether credits bought up front may pay for its posts (the monthly allowance and granted credits always may).")),
  requireApproval: v.pipe(
    v.optional(v.boolean()),
    v.description(
      "`true`: every post the agent publishes or schedules waits in `pending_approval` until a person approves it (POST /v1/posts/{id}/approve with an API key, or a signed approval link); nothing is sent or charged before. Omitted: `false`.",
    ),
  ),
  expiresAt: v.pipe(
    v.optional(v.nullable(v.pipe(v.string(), v.isoTimestamp()))),
    v.description("When the grant ends (ISO 8601, in the future when set): after it every call is 403 `agent_grant_expired` until the owner renews it. Null or absent: it does not expire."),
  ),
};

export const GrantSchema = named("AgentGrant", v.object(grantFields), {
  profiles: ["prf_8Kd2Lw9Qx4Zr7Tb1Mn3V"],
  platforms: ["bluesky", "linkedin"],
  actions: ["read", "draft", "publish_or_schedule"],
  creditsPerDay: 5,
  purchasedCredits: false,
  requireApproval: true,
});

const example = {
  id: "agt_6Ty3Np8Rm2Kc5Wd9Hq1X",
  clientId: "oc_Qm3Zt8Lw2Rk9Xv4Bn7Cd1Fs6",
  clientName: "Claude",
  nickname: "launch-bot",
  nicknameLocked: false,
  mode: "test" as const,
  grant: {
    profiles: ["prf_8Kd2Lw9Qx4Zr7Tb1Mn3V"],
    platforms: ["bluesky" as const, "linkedin" as const],
    actions: ["read" as const, "draft" as const, "publish_or_schedule" as const],
    creditsPerDay: 5,
    purchasedCredits: false,
    requireApproval: true,
  },
  spentToday: 2,
  createdAt: "2026-11-24T09:00:00.000Z",
  lastUsedAt: "2026-11-24T10:12:00.000Z",
};

const AgentFields = v.object({
  id: v.pipe(v.string(), v.description("`agt_…`")),
  clientId: v.pipe(v.string(), v.description("The OAuth client the agent registered (`oc_…`).")),
  clientName: v.pipe(v.string(), v.description("The name the client registered with.")),
  nickname: v.pipe(v.nullable(v.string()), v.description("The display nickname the agent chose (PATCH /v1/me/agent), or null.")),
  nicknameLocked: v.boolean(),
  mode: v.pipe(v.picklist(["test", "live"]), v.description("`test`: the sandbox networks, as a test key; `live`: the real accounts. The owner's dashboard mode at approval.")),
  grant: GrantSchema,
  spentToday: v.pipe(
    v.number(),
    v.integer(),
    v.description(
      "Credits it spent today (UTC): its posts (a scheduled post counts on the day it was scheduled) and billed replies, less what came back when a network refused them or a scheduled post was cancelled before it was sent (given back on the day it was charged).",
    ),
  ),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  lastUsedAt: v.pipe(v.nullable(v.pipe(v.string(), v.isoTimestamp())), v.description("Last authenticated request, to the minute.")),
});

export const AgentSchema = named("Agent", AgentFields, example);

export const AgentListSchema = named("AgentList", v.object({ items: v.array(AgentSchema), cursor: v.pipe(v.null(), v.description("Always null: every agent is on one page.")) }), {
  items: [example],
  cursor: null,
});

export const AgentIdParam = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });

export const UpdateAgentBody = namedBody(
  "UpdateAgentGrantRequest",
  v.strictObject({
    grant: v.optional(v.pipe(v.strictObject(grantFields), v.description("The whole new grant; it applies from the agent's next request."))),
    nicknameLocked: v.optional(v.pipe(v.boolean(), v.description("`true` stops the agent from changing its nickname (PATCH /v1/me/agent answers 403)."))),
  }),
  { grant: { profiles: null, platforms: ["bluesky"], actions: ["read"], creditsPerDay: 0, purchasedCredits: false } },
);

export const RevokedAgentSchema = named("RevokedAgent", v.object({ id: v.string(), revoked: v.literal(true) }), { id: "agt_6Ty3Np8Rm2Kc5Wd9Hq1X", revoked: true });
