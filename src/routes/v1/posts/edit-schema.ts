import * as v from "valibot";
import { named } from "../../openapi-helpers.js";
import { PostSchema } from "./response-schema.js";

const TargetErrorSchema = v.object({
  code: v.string(),
  message: v.string(),
  fix: v.nullable(v.string()),
  retryable: v.boolean(),
  platform: v.nullable(v.string()),
  param: v.optional(v.nullable(v.string())),
});

export const PostEditSchema = named(
  "PostEdit",
  v.object({
    id: v.pipe(v.string(), v.description("`edt_…`")),
    at: v.pipe(v.string(), v.description("When the edit was asked (ISO 8601 UTC).")),
    fields: v.pipe(v.array(v.string()), v.description("What the request changed: `text`, `textOverrides.<network>`, `platformOptions.<network>.<option>`.")),
    targets: v.array(
      v.object({
        account: v.string(),
        platform: v.string(),
        state: v.pipe(
          v.picklist(["pending", "edited", "failed", "unknown", "unchanged", "not_published"]),
          v.description(
            "`edited`: the network applied it. `failed`: refused before or by the network; `edit_unsupported` means the network cannot change that field (its fix: delete and post again). `unknown`: the network did not answer; an edit sets values, so sending it again is harmless. `unchanged`: nothing in the edit concerned this network. `not_published`: the target is not live, so there was nothing to edit. `pending`: being sent.",
          ),
        ),
        error: v.nullable(TargetErrorSchema),
        items: v.pipe(
          v.optional(
            v.array(
              v.object({
                position: v.pipe(v.number(), v.description("1 answers the post itself, as in `targets[].thread`.")),
                state: v.pipe(
                  v.picklist(["unchanged", "not_published", "failed"]),
                  v.description(
                    "`failed` with `edit_unsupported`: the network cannot change a published reply (delete the post and publish the chain again). `not_published`: the item is not live. `unchanged`: the request sent the same text.",
                  ),
                ),
                error: v.nullable(TargetErrorSchema),
              }),
            ),
          ),
          v.description("Present when the edit named `thread` and this target has a chain: each item's outcome."),
        ),
      }),
    ),
  }),
  {
    id: "edt_2bQ7nV4xK9mW3pR8sT6y",
    at: "2026-12-06T10:00:00.000Z",
    fields: ["text", "platformOptions.youtube.title"],
    targets: [
      { account: "acc_7Hq2xWm9Lr4Tb8Zc", platform: "youtube", state: "edited", error: null },
      {
        account: "acc_3Vn8Kd2Wq7Lm4Xp9",
        platform: "instagram",
        state: "failed",
        error: {
          code: "edit_unsupported",
          message: "instagram offers no way to change a published post through its API.",
          fix: "Delete the post there (POST /v1/posts/{id}/retract) and publish it again with the change. The description of PATCH /v1/posts/{id} in the OpenAPI document lists what each network can change.",
          retryable: false,
          platform: "instagram",
          param: "text",
        },
      },
    ],
  },
);

export const EditedPostSchema = named(
  "EditedPost",
  v.object({
    ...PostSchema.pipe[0].entries,
    edit: v.pipe(v.optional(PostEditSchema), v.description("Present when a published post was edited: this edit's outcome per target (also in GET /v1/posts/{id}/edits).")),
  }),
);

export const PostEditListSchema = named("PostEditList", v.object({ items: v.array(PostEditSchema) }));
