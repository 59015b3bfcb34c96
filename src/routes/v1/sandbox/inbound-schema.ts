import * as v from "valibot";
import { inboundKinds } from "../../../domain/inbox/index.js";
import { platformIds } from "../../../networks/registry.js";
import { named, namedBody } from "../../openapi-helpers.js";

export const InboundBody = namedBody(
  "SandboxInboundRequest",
  v.strictObject({
    kind: v.pipe(
      v.picklist(inboundKinds),
      v.description(
        "`comment`: someone comments on the account's latest post published through Chorus → `comment.received` (on Facebook, Instagram and Threads a simulated post stands in when Chorus published none; on X, Bluesky, YouTube and LinkedIn the post must exist, 404 `resource_not_found` otherwise). `mention`: someone mentions the account → `mention.received`. `message`: someone sends the account a direct message, which GET /v1/conversations then lists → `message.received` on Facebook and Instagram (the networks that push messages); on X and Bluesky the network keeps the message (`recorded: false`) and the account's next inbox poll delivers it as `message.received` (X is read every 5 minutes, Bluesky every minute, once a webhook endpoint listens). Networks without the kind answer 400 `capability_unsupported`.",
      ),
    ),
    text: v.pipe(v.string(), v.minLength(1), v.maxLength(2000), v.description("What the simulated person writes (1 to 2,000 characters).")),
    from: v.pipe(
      v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]{1,64}$/))),
      v.description(
        "The simulated person's handle (letters, digits, `.`, `_`, `-`; default `sandbox_visitor`; on Bluesky a domain handle, default `visitor.sandbox.bsky.social`, and a handle that is no domain is 400 `field_invalid`, as Bluesky has no such account); the same handle is the same sender id. Your own account's handle makes it your own reply, which is never delivered, as on the real network.",
      ),
    ),
  }),
  { kind: "comment", text: "Is this available in blue?", from: "ada.visitor" },
);

export const InboundResultSchema = named(
  "SandboxInboundResult",
  v.object({
    account: v.pipe(v.string(), v.description("`acc_…`")),
    platform: v.picklist(platformIds),
    kind: v.picklist(inboundKinds),
    id: v.pipe(
      v.string(),
      v.description(
        "The network's id of the new comment, mention or message, as the event carries it: on X, Bluesky, YouTube and LinkedIn the simulated network's own id, so POST /v1/comments/{id}/replies, hiding and GET /v1/posts/{id}/comments find it as on the real network.",
      ),
    ),
    networkPostId: v.pipe(v.nullable(v.string()), v.description("The post the comment or mention is on; null for messages.")),
    recorded: v.pipe(
      v.boolean(),
      v.description(
        "Whether an event was recorded for your webhooks: false for your own reply, for X and Bluesky messages (the next inbox poll records them), and on polled networks when no webhook endpoint listens to the event (nothing polls the account then).",
      ),
    ),
  }),
  { account: "acc_7Hq2xWm9Lr4Tb8Zc", platform: "instagram", kind: "comment", id: "17858893269000001", networkPostId: "17895695668004550", recorded: true },
);
