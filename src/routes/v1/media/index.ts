import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { deleteMedia, getMediaDetail, listMedia } from "../../../domain/publishing/index.js";
import { normaliseContentType } from "../../../domain/publishing/index.js";
import { importMediaFromUrl, uploadMedia } from "../../../domain/publishing/index.js";
import type { AppEnv } from "../../../http/context.js";
import { uploadBody } from "../../../http/upload-body.js";
import { ReplayedAnswer, uploadKeyClaim } from "../../../http/upload-idempotency.js";
import { parseJsonBody, validate } from "../../../http/validate.js";
import { ApiError } from "../../../infra/errors.js";
import { ListMediaQuery, MediaDetailSchema, MediaListSchema } from "./library-schema.js";
import { uploadRoutes } from "./uploads.js";
import { errorResponses, idempotencyHeader, jsonResponse, security } from "../../openapi-helpers.js";
import { DeleteMediaResultSchema, ImportMediaBody, MediaIdParam, MediaSchema, uploadRequestBody } from "./schema.js";

const tags = ["Media"];

export const mediaRoutes = new Hono<AppEnv>()
  .route("/", uploadRoutes)
  .post(
    "/media",
    describeRoute({
      operationId: "uploadMedia",
      tags,
      summary: "Upload an image or a video (raw body), or import one by URL, for use in posts",
      description:
        'To import a file another server hosts, send JSON `{ "url": "https://…" }`: Chorus fetches it through its outbound guard (https only; private, loopback, link-local and metadata addresses refused, after DNS and at each of at most 3 redirects; at most 512 MB and 5 minutes) and streams it to storage. Every failure to fetch is 400 `url_unreachable`, with one message whatever the cause. The server\'s Content-Type is not trusted: the format is read from the first bytes, and the checks below apply as for an upload. Otherwise send the file\'s bytes as the body with its type as Content-Type. The format, pixel size and (video) duration are read from the bytes: JPEG, PNG, WebP, GIF and HEIC images (the size of a HEIC is that of its primary picture as shown, after its `irot` turn; `image/heif` is taken as `image/heic`; no network takes HEIC, so `autoFix` converts it to JPEG), MP4 and MOV video, PDF, DOCX and PPTX documents (for LinkedIn document posts; `kind: document`, width and height 0). A DOCX or PPTX is a ZIP archive: it is told apart by the parts its directory names, and one that would expand more than 200 times over or past 1 GB, whose parts overlap, that is encrypted or that names neither document is 400 `media_type_unsupported` (nothing is decompressed to find out). A Content-Type that names another format than the bytes are is 400 `media_type_mismatch`; a file that is none of these formats, or whose header cannot be read, is 400 `media_type_unsupported`; a file whose bytes end before what its header claims (a PNG without IDAT and IEND, a JPEG without scan data and end marker, a WebP shorter than its RIFF length, a GIF without trailer, a video without `moov` or with a box past the end) is 400 `media_corrupt`; a picture over 16,384 pixels a side or 36,152,320 in all, more than any network takes, is 400 `media_dimensions_too_large`; over the limit is 400 `body_too_large` (refused from Content-Length before the upload is read when it is sent). A refused upload stores nothing. Networks that fetch media themselves get a signed, expiring URL to the file when a post is published.',
      security,
      parameters: [idempotencyHeader],
      requestBody: uploadRequestBody,
      responses: {
        201: jsonResponse(MediaSchema, "The stored media record."),
        ...errorResponses([
          "field_required",
          "field_invalid",
          "field_unknown",
          "field_wrong_type",
          "body_not_json",
          "url_unreachable",
          "media_type_unsupported",
          "media_type_mismatch",
          "media_corrupt",
          "media_dimensions_too_large",
          "body_too_large",
          "idempotency_key_invalid",
        ]),
      },
    }),
    async (c) => {
      const ctx = c.get("ctx");
      if (/^application\/(.+\+)?json\b/i.test(c.req.header("content-type") ?? "")) {
        return c.json(await importMediaFromUrl({ ctx, input: await parseJsonBody(c, ImportMediaBody) }), 201);
      }
      // The idempotency middleware fingerprints a request by reading its body as text, which
      // cannot give back the bytes of a binary file. Refuse rather than store a mangled copy.
      if (c.req.raw.bodyUsed) {
        throw new ApiError("idempotency_key_invalid", {
          param: "Idempotency-Key",
          message: "Uploads cannot take an Idempotency-Key yet.",
          fix: "Send POST /v1/media without Idempotency-Key: a refused or failed upload stores nothing, so retrying it is safe.",
          beforeExecution: true,
        });
      }
      const contentLength = c.req.header("content-length");
      const contentType = c.req.header("content-type");
      const body = uploadBody(c.req.raw.body, Number(contentLength ?? "0"));
      // `image/jpg` and `image/jpeg` name one format: the same file sent with either replays.
      const key = uploadKeyClaim(c, normaliseContentType(contentType ?? ""));
      try {
        const response = c.json(await uploadMedia({ ctx, input: { contentType, contentLength, body: body.stream, claim: key?.claim } }), 201);
        await key?.finish(response);
        return response;
      } catch (error) {
        if (error instanceof ReplayedAnswer) return error.response;
        await key?.finish(null);
        throw error;
      } finally {
        // A refusal leaves the body unread; read it out (or announce the close) before answering.
        await body.settle(c);
      }
    },
  )
  .get(
    "/media",
    describeRoute({
      operationId: "listMedia",
      tags,
      summary: "The media library: uploaded files, newest first",
      description: "Retention: files are kept until deleted (DELETE /v1/media/{id}); `expiresAt` is null. `unused=true` lists the files no post uses.",
      security,
      responses: { 200: jsonResponse(MediaListSchema, "A page of media records."), ...errorResponses(["field_unknown", "field_invalid", "cursor_invalid"]) },
    }),
    validate("query", ListMediaQuery),
    async (c) => c.json(await listMedia({ ctx: c.get("ctx"), input: c.req.valid("query") })),
  )
  .get(
    "/media/:id",
    describeRoute({
      operationId: "getMedia",
      tags,
      summary: "One uploaded file's record, the posts that use it and its variants",
      security,
      responses: { 200: jsonResponse(MediaDetailSchema, "The media record."), ...errorResponses(["field_invalid", "media_unknown"]) },
    }),
    validate("param", MediaIdParam),
    async (c) => c.json(await getMediaDetail({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  )
  .delete(
    "/media/:id",
    describeRoute({
      operationId: "deleteMedia",
      tags,
      summary: "Delete an uploaded file; its signed URLs stop working at once",
      description: "Refused with 409 `media_in_use` while a scheduled post, or one still being sent or processed, uses the file.",
      security,
      parameters: [idempotencyHeader],
      responses: {
        200: jsonResponse(DeleteMediaResultSchema, "Deleted."),
        ...errorResponses(["field_invalid", "media_unknown", "media_in_use"]),
      },
    }),
    validate("param", MediaIdParam),
    async (c) => c.json(await deleteMedia({ ctx: c.get("ctx"), input: c.req.valid("param") })),
  );
