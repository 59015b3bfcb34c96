import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import * as v from "valibot";
import { approvePost, createApprovalLink, getApprovalSettings, mediaLoaderFor, rejectPost, updateApprovalSettings } from "../../../domain/publishing/index.js";
import type { AppEnv } from "../../../http/context.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { ApprovalLinkSchema, ApprovalResultSchema, ApprovalSettingsSchema, ApproveBody, PostSchema, RejectBody, UpdateApprovalSettingsBody } from "./schema.js";

const tags = ["Approvals"];
const IdParam = v.object({ id: v.pipe(v.string(), v.maxLength(64)) });
const decisionCodes = ["post_state_invalid", "resource_not_found", "field_invalid", "field_unknown", "field_wrong_type", "body_not_json", "agent_grant_owner_only"] as const;

/** Approvals: the workspace's and profiles' rules, and the decision on a post that waits. */
export const approvalRoutes = new Hono<AppEnv>()
  .get(
    "/approval-settings",
    describeRoute({
      operationId: "getApprovalSettings",
      tags,
      summary: "Whether posts wait for a person's approval",
      description:
        "The workspace's rule and the profiles that override it. An agent's grant can require approval too (`grant.requireApproval`, PATCH /v1/agents/{id}); that holds its posts whatever these say.",
      security,
      responses: { 200: jsonResponse(ApprovalSettingsSchema, "The rules in force."), ...errorResponses([]) },
    }),
    async (c) => c.json(await getApprovalSettings({ ctx: c.get("ctx") })),
  )
  .patch(
    "/approval-settings",
    describeRoute({
      operationId: "updateApprovalSettings",
      tags,
      summary: "Require approval for the workspace or some profiles",
      description:
        "Owner only (API key). A post created while a rule holds it (its profile's override, else the workspace's) is stored `pending_approval`: nothing is sent, scheduled or charged until POST /v1/posts/{id}/approve. Drafts never wait. Posts already stored keep their state.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(ApprovalSettingsSchema, "The rules after the change."),
        ...errorResponses(["profile_unknown", "field_unknown", "field_wrong_type", "body_not_json", "agent_grant_owner_only"]),
      },
    }),
    validate("json", UpdateApprovalSettingsBody),
    async (c) => c.json(await updateApprovalSettings({ ctx: c.get("ctx"), input: c.req.valid("json") })),
  )
  .post(
    "/posts/:id/approve",
    describeRoute({
      operationId: "approvePost",
      tags,
      summary: "Approve a post that waits: it publishes now, or is scheduled",
      description:
        "Every waiting target is checked again first; the answer carries that check (`validation`). When a target no longer passes, the approval is refused with 409 `approval_validation_failed` naming each one, unless `force: true` (then those targets fail with their code and the others go). A post with a future `scheduledAt` becomes `scheduled` (credits are reserved when it is sent); one without, or whose `scheduledAt` passed while it waited, publishes now and credits are reserved now (402 `entitlement_exceeded` leaves it pending). Exactly once: of two concurrent approvals one succeeds and the other is 409 `post_state_invalid`. Owner only: agents cannot approve, including their own posts. Records `post.approved`.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(ApprovalResultSchema, "The post after the approval and the per-target check."),
        ...errorResponses([...decisionCodes, "approval_validation_failed", "entitlement_exceeded"]),
      },
    }),
    validate("param", IdParam),
    validate("json", ApproveBody),
    async (c) => c.json(await approvePost({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, force: c.req.valid("json").force }, loadMedia: mediaLoaderFor(c.get("ctx")) })),
  )
  .post(
    "/posts/:id/reject",
    describeRoute({
      operationId: "rejectPost",
      tags,
      summary: "Reject a post that waits",
      description: "The post becomes `rejected` and its targets `cancelled`; nothing was charged, so nothing is refunded. Owner only. Records `post.rejected` with the reason.",
      security,
      parameters: [idempotencyHeader],
      responses: { 200: jsonResponse(PostSchema, "The rejected post."), ...errorResponses([...decisionCodes]) },
    }),
    validate("param", IdParam),
    validate("json", RejectBody),
    async (c) => c.json(await rejectPost({ ctx: c.get("ctx"), input: { id: c.req.valid("param").id, reason: c.req.valid("json").reason } })),
  )
  .post(
    "/posts/:id/approval-link",
    describeRoute({
      operationId: "createApprovalLink",
      tags,
      summary: "A signed link for a reviewer without a login",
      description:
        "The page behind `url` shows the post, its targets and their checks, with Approve and Reject buttons (plain form posts, no script). Signed with the deployment's signing secret, valid 48 hours, and single use: its decision moves the post out of `pending_approval`, after which any link for the post only shows what was decided. No body.",
      security,
      parameters: [idempotencyHeader],
      responses: { 201: jsonResponse(ApprovalLinkSchema, "The link."), ...errorResponses(["post_state_invalid", "resource_not_found", "field_invalid", "agent_grant_owner_only"]) },
    }),
    validate("param", IdParam),
    async (c) => c.json(await createApprovalLink({ ctx: c.get("ctx"), input: c.req.valid("param") }), 201),
  );
