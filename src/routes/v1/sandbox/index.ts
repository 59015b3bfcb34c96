import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { simulateActivity } from "../../../domain/inbox/index.js";
import { setSandboxFault } from "../../../domain/accounts/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { AccountIdParam } from "../social-accounts/schema.js";
import { ActivityBody, ActivitySchema, FaultBody, FaultSchema } from "./schema.js";
import { triggerSandboxInbound } from "../../../domain/inbox/index.js";
import { InboundBody, InboundResultSchema } from "./inbound-schema.js";

/** Test-key-only controls of the sandbox networks (making an account misbehave, making simulated people act, or hear from someone). */
export const sandboxControlRoutes = new Hono<AppEnv>()
  .put(
    "/sandbox/social-accounts/:id/fault",
    describeRoute({
      operationId: "setSandboxFault",
      tags: ["Sandbox"],
      summary: "Make a sandbox account misbehave like its network can",
      description:
        "Test keys only (live keys get 400 `sandbox_only`). The simulated network answers the account's calls with its own real error bodies, so every error path of your integration can be exercised: expired tokens, withdrawn permissions, throttling, outages and slowness.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(FaultSchema, "The account's fault now."),
        ...errorResponses(["sandbox_only", "account_unknown", "field_unknown", "field_wrong_type", "field_required", "field_invalid", "body_not_json"]),
      },
    }),
    validate("param", AccountIdParam),
    validate("json", FaultBody),
    async (c) => c.json(await setSandboxFault({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, ...c.req.valid("json") } })),
  )
  .post(
    "/sandbox/social-accounts/:id/inbound",
    describeRoute({
      operationId: "sendSandboxInbound",
      tags: ["Sandbox"],
      summary: "Make a sandbox network send a comment, mention or message to the account",
      description:
        "Test keys only (live keys get 400 `sandbox_only`). A simulated person comments on, mentions or messages one of your sandbox accounts; the simulated network keeps it and tells Chorus the way the real one would (Facebook, Instagram and Threads send a signed Meta webhook to the same handler as `/webhooks/meta`, a comment being the network's own comment on the account's latest post. On X, Bluesky, YouTube and LinkedIn a comment or mention is written into the simulated network as a real person's reply, mention post or comment thread, and Chorus runs the account's inbox poll at once, which records the event exactly as the scheduled poll would: the first poll of an account only sets its baseline, taken before the item is created so the item is news. A comment's returned `id` is the network's own, so you can reply to it, hide it, delete it (Threads: hide only, as the network allows) or list it among the post's comments; a comment needs a post published through Chorus on the account, 404 `resource_not_found` otherwise), so `comment.received`, `mention.received` or `message.received` reaches your webhook endpoints and you can test your handler end to end before going live. Like the real networks, Facebook and Instagram deliver only to accounts subscribed to the field: call POST /v1/social-accounts/{id}/webhook first (409 `webhook_not_subscribed` otherwise).",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(InboundResultSchema, "What the simulated network sent."),
        ...errorResponses([
          "sandbox_only",
          "account_unknown",
          "capability_unsupported",
          "webhook_not_subscribed",
          "resource_not_found",
          "field_unknown",
          "field_wrong_type",
          "field_required",
          "field_invalid",
          "body_not_json",
        ]),
      },
    }),
    validate("param", AccountIdParam),
    validate("json", InboundBody),
    async (c) => c.json(await triggerSandboxInbound({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, ...c.req.valid("json") } })),
  )
  .post(
    "/sandbox/social-accounts/:id/activity",
    describeRoute({
      operationId: "simulateSandboxActivity",
      tags: ["Sandbox"],
      summary: "Make a simulated person like, reply to, mention, follow, repost, quote or review a sandbox account",
      description:
        "Test keys only (live keys get 400 `sandbox_only`). Another person on the simulated network acts on the account through the network's own records, so the account's notifications (GET /v1/notifications) show it as the real network would. Bluesky and X sandbox accounts; Threads sandbox accounts take `mention` (a thread naming the account), Facebook ones `mention` (a post tagging the account's first page) and Instagram ones `mention` (a post naming and tagging the account); on YouTube, Facebook, Instagram, Threads and LinkedIn sandbox accounts `reply` is a comment on the post (on Threads and LinkedIn also an answer to a comment: name the comment's id in `post`), read by GET /v1/posts/{id}/comments; on Google Business sandbox accounts `review` leaves a review (`rating` 1 to 5) on the location named in `target`, and on Facebook sandbox accounts a recommendation (`rating` `positive` or `negative`) of the page named in `target`, read by GET /v1/social-accounts/{id}/reviews; other networks and actions answer `capability_unsupported`.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        201: jsonResponse(ActivitySchema, "What the simulated person did."),
        ...errorResponses(["sandbox_only", "account_unknown", "resource_not_found", "capability_unsupported", "field_unknown", "field_wrong_type", "field_required", "field_invalid", "body_not_json"]),
      },
    }),
    validate("param", AccountIdParam),
    validate("json", ActivityBody),
    async (c) => c.json(await simulateActivity({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, ...c.req.valid("json") } }), 201),
  );
