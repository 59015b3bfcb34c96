import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { engage } from "../../../domain/inbox/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { EngagementBody, EngagementResultSchema } from "./schema.js";

export const engagementRoutes = new Hono<AppEnv>().post(
  "/engagements",
  describeRoute({
    operationId: "createEngagement",
    tags: ["Inbox"],
    summary: "Like, repost, follow, block, mute, bookmark or save, and undo",
    description:
      "One account acts on a post or a person on its network. Free: engaging never spends credits. The action must be one the account's network offers through its API (GET /v1/platforms lists each network's `engagements`); any other is refused with 400 `action_unsupported`, whose `fix` names the actions that network has (X removed likes and follows from self-serve API access on 2026-04-20 and blocks in 2023; Threads and LinkedIn repost but document no undo of a repost; Pinterest's one action is `save`, into the board named by `options.board`; Instagram, Facebook, TikTok and Google Business offer none). A target that is not a post (or person) of that network is 400 with `param: \"target\"`; one that does not exist there is 404 `engagement_target_not_found`. Actions are idempotent: liking a liked post, or unliking one never liked, answers 200 and changes nothing.",
    security,
    parameters: [idempotencyHeader],
    responses: {
      200: jsonResponse(EngagementResultSchema, "The network now holds the state the action asked for."),
      ...errorResponses([
        "body_not_json",
        "action_unsupported",
        "pin_board_missing",
        "account_unknown",
        "resource_not_found",
        "engagement_target_not_found",
        "needs_reauth",
        "missing_scope",
        "missing_permission",
        "platform_unavailable",
        "platform_rejected",
      ]),
    },
  }),
  validate("json", EngagementBody),
  async (c) => c.json(await engage({ ctx: c.get("ctx"), input: c.req.valid("json") })),
);
