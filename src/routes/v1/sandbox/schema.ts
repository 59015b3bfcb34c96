import * as v from "valibot";
import { DEFAULT_SLOW_MS, MAX_DELAY_MS } from "../../../domain/accounts/index.js";
import { platformIds } from "../../../networks/registry.js";
import { sandboxActivities, sandboxFaults } from "../../../sandbox/types.js";
import { named, namedBody } from "../../openapi-helpers.js";

const faultText =
  "`expired_token`: this connection's access token expires now, once; the next call renews it where the network can (X, TikTok, Pinterest, LinkedIn, YouTube, Google Business, Bluesky) and otherwise the account turns `needs_reauth` (Facebook, Instagram and Threads renew a token with the token itself). `revoked_permission`: the person withdrew a permission; calls fail with `missing_scope` or `missing_permission`. `rate_limited`: the network throttles the account (429 `rate_limited`, with `Retry-After` where the network sends one). `down`: the network fails (`platform_unavailable`, retryable). `slow`: the network answers after `delayMs`. `null` clears the fault. Faults other than `expired_token` belong to the simulated person, so every sandbox connection to the same handle in this workspace sees them; each workspace has its own simulated people, so no other workspace is affected.";

export const FaultBody = namedBody(
  "SetSandboxFaultRequest",
  v.strictObject({
    fault: v.pipe(v.nullable(v.picklist(sandboxFaults)), v.description(faultText)),
    delayMs: v.pipe(
      v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_DELAY_MS))),
      v.description(`With \`slow\` only: how long the network takes to answer, 0 to ${MAX_DELAY_MS} ms; default ${DEFAULT_SLOW_MS}.`),
    ),
  }),
  { fault: "rate_limited" },
);

export const FaultSchema = named(
  "SandboxFault",
  v.object({
    account: v.pipe(v.string(), v.description("`acc_…`")),
    platform: v.picklist(platformIds),
    fault: v.nullable(v.picklist(sandboxFaults)),
    delayMs: v.pipe(v.nullable(v.number()), v.description("The delay of a `slow` account; null for other faults.")),
  }),
  { account: "acc_7Hq2xWm9Lr4Tb8Zc", platform: "bluesky", fault: "rate_limited", delayMs: null },
);

export const ActivityBody = namedBody(
  "SimulateSandboxActivityRequest",
  v.strictObject({
    action: v.pipe(
      v.picklist(sandboxActivities),
      v.description(
        "What the simulated person does: `like`, `repost`, `quote` or `reply` to the account's post named in `post`; `mention` or `follow` the account; `review` a location or page of the account (Google Business, Facebook).",
      ),
    ),
    post: v.pipe(
      v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(512))),
      v.description("Required for like, repost, quote and reply: a `post_` id published on this account, or the post's `networkPostId`."),
    ),
    text: v.pipe(v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(280))), v.description("Text of a reply, quote or mention; a sandbox default otherwise.")),
    rating: v.pipe(
      v.optional(v.union([v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)), v.picklist(["positive", "negative"])])),
      v.description("Required for `review`: 1 to 5 stars on Google Business, `positive` or `negative` (a recommendation) on Facebook."),
    ),
    target: v.pipe(
      v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(300))),
      v.description("For `review`: the location or page reviewed, an id of GET /v1/social-accounts/{id}/targets; the account's first one otherwise."),
    ),
    actor: v.pipe(
      v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/, "must be a handle"))),
      v.description("Handle of the simulated person acting, created on first use; a default sandbox person otherwise."),
    ),
  }),
  { action: "like", post: "post_9Fk2Lm7Qx3Vb8Nc1" },
);

export const ActivitySchema = named(
  "SandboxActivity",
  v.object({
    account: v.pipe(v.string(), v.description("`acc_…` acted upon.")),
    platform: v.picklist(platformIds),
    action: v.picklist(sandboxActivities),
    actor: v.object({
      id: v.string(),
      handle: v.string(),
      displayName: v.nullable(v.string()),
      avatarUrl: v.nullable(v.string()),
      url: v.nullable(v.string()),
      platform: v.picklist(platformIds),
    }),
    networkId: v.pipe(v.string(), v.description("The network id of what the person created (their like, reply, follow, ...); notifications name it as their `id`.")),
  }),
);
