import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { abortUploadSession, completeUploadSession, createUploadSession, getUploadSession, putUploadPart } from "../../../domain/publishing/index.js";
import type { AppEnv } from "../../../http/context.js";
import { uploadBody } from "../../../http/upload-body.js";
import { validate } from "../../../http/validate.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { AbortUploadResultSchema, CompleteUploadBody, CreateUploadBody, UploadIdParam, UploadPartParam, UploadPartResultSchema, UploadSessionSchema } from "./library-schema.js";
import { MediaSchema } from "./schema.js";

const tags = ["Media"];

/**
 * Upload sessions: a file too large for one request (video up to 5 GB) sent in parts that can
 * be resumed. On Node parts are files in the data folder; on Workers they go into an R2
 * multipart upload: PUT to presigned R2 URLs when the Worker has R2 S3 credentials (the bytes
 * never pass through it), otherwise through the Worker and the bucket binding, one part per request.
 */
export const uploadRoutes = new Hono<AppEnv>()
  .post(
    "/media/uploads",
    describeRoute({
      operationId: "createMediaUpload",
      tags,
      summary: "Start a large upload sent in parts (video up to 5 GB)",
      description:
        "Answers the part size and one URL per part, and `partUpload`, which says how to send them. `api`: PUT each part's bytes (application/octet-stream) to its URL with the API key, in any order; GET the session to see which parts arrived and resend the others after a dropped connection; then POST .../complete. `presigned` (Cloudflare Workers with R2 S3 credentials): each URL is R2's own, presigned for one hour (`expiresAt`; GET the session for fresh URLs); PUT the bytes there without the API key; GET the session to see which parts R2 holds (Chorus asks R2), then POST .../complete, which joins the parts with the ETags R2 lists (`parts: [{ partNumber, etag }]` may be sent to check them). A part PUT again replaces the earlier one. The completed file gets the checks of POST /v1/media (format read from the bytes and compared with `contentType`, pixel ceiling) and becomes a normal media record. Unfinished sessions expire after 24 hours.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        201: jsonResponse(UploadSessionSchema, "The session, with where to send each part."),
        ...errorResponses(["field_required", "field_invalid", "field_unknown", "field_wrong_type", "body_not_json", "media_type_unsupported", "body_too_large"]),
      },
    }),
    validate("json", CreateUploadBody),
    async (c) => c.json(await createUploadSession({ ctx: c.get("ctx"), input: c.req.valid("json") }), 201),
  )
  .get(
    "/media/uploads/:id",
    describeRoute({
      operationId: "getMediaUpload",
      tags,
      summary: "An upload session and the parts received so far",
      description:
        "`received` lists the parts stored at their own size. With `partUpload: presigned` Chorus asks R2 (S3 ListParts) which parts landed: 404 `upload_unknown` when R2 no longer holds the upload, 503 `server_misconfigured` when R2 refuses the server's S3 credentials, 503 `service_unavailable` when R2 does not answer (retry).",
      security,
      responses: { 200: jsonResponse(UploadSessionSchema, "The session."), ...errorResponses(["field_invalid", "upload_unknown", "server_misconfigured", "service_unavailable"]) },
    }),
    validate("param", UploadIdParam),
    async (c) => c.json(await getUploadSession({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .put(
    "/media/uploads/:id/parts/:number",
    describeRoute({
      operationId: "putMediaUploadPart",
      tags,
      summary: "Send one part of an upload session (raw bytes)",
      description: "The body is the part's bytes: exactly `partSize` of them, the last part the rest of `size`. Sending a part again replaces it. Streamed to storage, never held whole.",
      security,
      requestBody: { required: true, content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } } },
      responses: { 200: jsonResponse(UploadPartResultSchema, "The part is stored."), ...errorResponses(["field_invalid", "upload_unknown", "upload_closed", "upload_part_invalid"]) },
    }),
    validate("param", UploadPartParam),
    async (c) => {
      const contentLength = c.req.header("content-length");
      const body = uploadBody(c.req.raw.body, Number(contentLength ?? "0"));
      try {
        return c.json(await putUploadPart({ ctx: c.get("ctx"), input: { ...c.req.valid("param"), contentLength, body: body.stream } }));
      } finally {
        await body.settle(c);
      }
    },
  )
  .post(
    "/media/uploads/:id/complete",
    describeRoute({
      operationId: "completeMediaUpload",
      tags,
      summary: "Join the parts and check the file; answers the media record",
      description:
        "The body may be empty: Chorus joins the parts storage holds (with `partUpload: presigned`, those R2 lists, with R2's ETags); `parts` lists ETags to check against them. Refused with 409 `upload_incomplete` (naming the missing parts) until every part is in; with 400 `upload_parts_mismatch` when storage holds no part under a listed number and ETag or a part's size is wrong (the session stays open: resend the part and complete again); with 503 as GET /v1/media/uploads/{id} when R2 cannot be asked. A file that fails the checks is removed with its session (400, as POST /v1/media). Completing a completed session answers its media record again.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        201: jsonResponse(MediaSchema, "The stored media record."),
        ...errorResponses([
          "field_invalid",
          "field_unknown",
          "field_wrong_type",
          "body_not_json",
          "upload_unknown",
          "upload_closed",
          "upload_incomplete",
          "upload_parts_mismatch",
          "server_misconfigured",
          "service_unavailable",
          "media_type_unsupported",
          "media_type_mismatch",
          "media_corrupt",
          "media_dimensions_too_large",
        ]),
      },
    }),
    validate("param", UploadIdParam),
    validate("json", CompleteUploadBody),
    async (c) => c.json(await completeUploadSession({ ctx: c.get("ctx"), input: { ...c.req.valid("param"), parts: c.req.valid("json").parts } }), 201),
  )
  .delete(
    "/media/uploads/:id",
    describeRoute({
      operationId: "abortMediaUpload",
      tags,
      summary: "Abort an unfinished upload session; its parts are removed",
      security,
      parameters: [idempotencyHeader],
      responses: { 200: jsonResponse(AbortUploadResultSchema, "Aborted."), ...errorResponses(["field_invalid", "upload_unknown", "upload_closed"]) },
    }),
    validate("param", UploadIdParam),
    async (c) => c.json(await abortUploadSession({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  );
