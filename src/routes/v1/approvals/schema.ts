import * as v from "valibot";
import { named, namedBody } from "../../openapi-helpers.js";
import { PostSchema, ValidationReportSchema } from "../posts/response-schema.js";

export const ApproveBody = namedBody(
  "ApprovePostRequest",
  v.strictObject({
    force: v.pipe(
      v.optional(v.boolean()),
      v.description(
        "`true`: approve even when some targets no longer pass their checks; those are stored `failed` with their code and the others are sent. Omitted: such an approval is refused with 409 `approval_validation_failed`.",
      ),
    ),
  }),
  { force: false },
);

export const RejectBody = namedBody(
  "RejectPostRequest",
  v.strictObject({ reason: v.pipe(v.optional(v.pipe(v.string(), v.maxLength(1000))), v.description("Why, kept on the post (`approval.reason`) and in the `post.rejected` event.")) }),
  { reason: "Wrong launch date: this goes out on the 28th." },
);

export const ApprovalResultSchema = named(
  "ApprovalResult",
  v.object({
    post: PostSchema,
    validation: v.pipe(ValidationReportSchema, v.description("Every target that was still waiting, checked at the moment of approval.")),
  }),
);

export const ApprovalLinkSchema = named(
  "ApprovalLink",
  v.object({
    url: v.pipe(v.string(), v.description("Opens a page with the post and Approve / Reject buttons; no login. Works once: its decision moves the post out of `pending_approval`.")),
    expiresAt: v.pipe(v.string(), v.description("48 hours after it was made.")),
  }),
  { url: "https://chorus.example.com/approve/eyJ2IjoxLCJ3b3Jrc3BhY2UiOiJ3c18xIn0.c2lnbmF0dXJl", expiresAt: "2026-11-26T09:00:00.000Z" },
);

const ProfileOverride = v.object({ profile: v.string(), username: v.string(), requireApproval: v.boolean() });

export const ApprovalSettingsSchema = named(
  "ApprovalSettings",
  v.object({
    requireApproval: v.pipe(v.boolean(), v.description("Every post published or scheduled in this workspace waits in `pending_approval` (drafts never do).")),
    profiles: v.pipe(v.array(ProfileOverride), v.description("Profiles that override the workspace's rule; the others follow it.")),
  }),
  { requireApproval: false, profiles: [{ profile: "prf_8Kd2Lw9Qx4Zr7Tb1Mn3V", username: "acme", requireApproval: true }] },
);

export const UpdateApprovalSettingsBody = namedBody(
  "UpdateApprovalSettingsRequest",
  v.strictObject({
    requireApproval: v.optional(v.boolean()),
    profiles: v.pipe(
      v.optional(v.record(v.pipe(v.string(), v.maxLength(64)), v.nullable(v.boolean()))),
      v.description("Profile id → `true` (its posts always wait), `false` (never), or `null` (follow the workspace)."),
    ),
  }),
  { requireApproval: false, profiles: { prf_8Kd2Lw9Qx4Zr7Tb1Mn3V: true } },
);

export { PostSchema };
