import * as v from "valibot";
import { completeUploadSession, createUploadSession, deleteMedia, getMediaDetail, getUploadSession, listMedia } from "../../domain/publishing/index.js";
import { ListMediaQuery, MediaDetailSchema, MediaListSchema } from "../../routes/v1/media/library-schema.js";
import { AbortUploadResultSchema, CompleteUploadBody, CreateUploadBody, UploadSessionSchema } from "../../routes/v1/media/library-schema.js";
import { DeleteMediaResultSchema, MediaSchema } from "../../routes/v1/media/schema.js";
import { abortUploadSession } from "../../domain/publishing/index.js";
import { defineTool, readOnly, type ToolAnnotations } from "../tool.js";
import { idArgument, pageArguments } from "./list-arguments.js";

const mediaId = v.strictObject({ id: idArgument("`med_…`") });
const uploadId = v.strictObject({ id: idArgument("`upl_…`") });
const completeUpload = v.strictObject({ ...uploadId.entries, ...CompleteUploadBody.entries });
const writes: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

/** GET /v1/media's filters as JSON arguments: the REST schema's own entries, `unused` a boolean rather than text. */
const ListMediaArguments = v.strictObject({
  ...pageArguments,
  type: ListMediaQuery.entries.type,
  createdAfter: ListMediaQuery.entries.createdAfter,
  createdBefore: ListMediaQuery.entries.createdBefore,
  usedBy: ListMediaQuery.entries.usedBy,
  unused: v.pipe(v.optional(v.boolean()), v.description("true: only files no post uses (candidates to delete); false: only files some post uses.")),
});

/**
 * The media library and upload sessions for agents, one tool per REST operation. A narrowed
 * agent sees, changes and deletes only what its grant shows (the domain functions scope every
 * query); part bytes go over HTTP (PUT to each part's URL with the same token), not through MCP.
 */
export const mediaLibraryTools = [
  defineTool({
    name: "list_media",
    action: "read",
    title: "List uploaded media",
    description: "The media library, newest first (GET /v1/media): filter by `type`, upload time, the post that uses a file (`usedBy`), or `unused`.",
    input: ListMediaArguments,
    output: MediaListSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => listMedia({ ctx, input }),
  }),
  defineTool({
    name: "get_media",
    action: "read",
    title: "One uploaded file",
    description: "One media record (GET /v1/media/{id}) with `usedBy` (the posts that use it, and whether each still needs it) and `variants` (copies autoFix derived for networks).",
    input: mediaId,
    output: MediaDetailSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => getMediaDetail({ ctx, input }),
  }),
  defineTool({
    name: "delete_media",
    action: "delete",
    title: "Delete an uploaded file",
    description:
      "Deletes a media record and its file (DELETE /v1/media/{id}); its signed URLs stop working at once. Refused with `media_in_use` while a scheduled post, or one still being sent, uses it.",
    input: mediaId,
    output: DeleteMediaResultSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    run: async ({ ctx }, input) => deleteMedia({ ctx, input }),
  }),
  defineTool({
    name: "create_media_upload",
    action: "draft",
    title: "Start a large upload in parts",
    description:
      "Starts an upload session (POST /v1/media/uploads) for a file too large for `upload_media` (video up to 5 GB). Answers `partSize`, one URL per part and `partUpload`: with `api`, PUT each part's bytes to its URL (application/octet-stream, with the same bearer token); with `presigned`, PUT them to the presigned storage URL without any token. `get_media_upload` lists the parts received (Chorus asks storage). Then call `complete_media_upload`.",
    input: CreateUploadBody,
    output: UploadSessionSchema,
    annotations: writes,
    run: async ({ ctx }, input) => createUploadSession({ ctx, input }),
  }),
  defineTool({
    name: "get_media_upload",
    action: "read",
    title: "An upload session",
    description: "The session and the parts received so far (GET /v1/media/uploads/{id}): resend the parts missing from `received` after a dropped connection.",
    input: uploadId,
    output: UploadSessionSchema,
    annotations: readOnly,
    run: async ({ ctx }, input) => getUploadSession({ ctx, input }),
  }),
  defineTool({
    name: "complete_media_upload",
    action: "draft",
    title: "Finish an upload session",
    description:
      "Joins the parts into one file, checks it as `upload_media` does (format read from the bytes, pixel ceiling) and answers the media record (POST /v1/media/uploads/{id}/complete). It joins the parts storage holds (with `partUpload: presigned`, those R2 lists, with R2's ETags); `parts` may list ETags to check. Calling it again after success answers the same record.",
    input: completeUpload,
    output: MediaSchema,
    annotations: { ...writes, idempotentHint: true },
    run: async ({ ctx }, input) => completeUploadSession({ ctx, input }),
  }),
  defineTool({
    name: "abort_media_upload",
    action: "draft",
    title: "Drop an unfinished upload session",
    description: "Drops an unfinished session and the parts stored for it (DELETE /v1/media/uploads/{id}).",
    input: uploadId,
    output: AbortUploadResultSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    run: async ({ ctx }, input) => abortUploadSession({ ctx, input }),
  }),
];
