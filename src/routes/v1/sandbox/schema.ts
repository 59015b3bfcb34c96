import * as v from "valibot";
import { DEFAULT_SLOW_MS, MAX_DELAY_MS } from "../../../domain/sandbox/sandbox-faults.js";
import { platformIds } from "../../../networks/platform-ids.js";
import { sandboxFaults } from "../../../sandbox/types.js";

const faultText =
  "`expired_token`: this connection's access token expires now, once; the next call renews it where the network can (X, TikTok, Pinterest, LinkedIn, YouTube, Google Business, Bluesky) and otherwise the account turns `needs_reauth` (Facebook, Instagram and Threads renew a token with the token itself). `revoked_permission`: the person withdrew a permission; calls fail with `missing_scope` or `missing_permission`. `rate_limited`: the network throttles the account (429 `rate_limited`, with `Retry-After` where the network sends one). `down`: the network fails (`platform_unavailable`, retryable). `slow`: the network answers after `delayMs`. `null` clears the fault. Faults other than `expired_token` belong to the simulated person, so every sandbox connection to the same handle sees them.";

export const FaultBody = v.strictObject({
  fault: v.pipe(v.nullable(v.picklist(sandboxFaults)), v.description(faultText)),
  delayMs: v.pipe(
    v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_DELAY_MS))),
    v.description(`With \`slow\` only: how long the network takes to answer, 0 to ${MAX_DELAY_MS} ms; default ${DEFAULT_SLOW_MS}.`),
  ),
});

export const FaultSchema = v.object({
  account: v.pipe(v.string(), v.description("`acc_…`")),
  platform: v.picklist(platformIds),
  fault: v.nullable(v.picklist(sandboxFaults)),
  delayMs: v.pipe(v.nullable(v.number()), v.description("The delay of a `slow` account; null for other faults.")),
});
