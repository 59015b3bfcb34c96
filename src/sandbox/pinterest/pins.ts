import type { Context, Hono } from "hono";
import { numericId } from "../tokens.js";
import type { SandboxAccount, SimulatorDeps } from "../types.js";
import type { SandboxBoard } from "./boards.js";
import { authenticate, pageOf, pinError } from "./wire.js";
import { isRecord } from "../../types/is-record.js";
import { jsonBodyOrEmpty } from "../json-body.js";

/**
 * Publishing on the Pinterest simulator: POST /v5/pins (image URL, a 2-5 image carousel, or a
 * processed video by media id), GET and DELETE /v5/pins/{id}, GET /v5/boards/{id}/pins, and video
 * media: POST /v5/media registers an upload and answers with an S3 presigned POST policy; the S3
 * bucket (S3_UPLOAD_HOST) takes the form, and GET /v5/media/{id} moves from `registered` to
 * `processing` to `succeeded` (or `failed` for a file that is not a video) PROCESSING_MS after
 * the upload. Pinterest fetches image URLs itself; the simulator cannot, so a URL that is not
 * http(s) is what it cannot fetch ("Sorry we could not fetch the image.", as Pinterest answers).
 */

export const S3_UPLOAD_HOST = "pinterest-media-upload.s3-accelerate.amazonaws.com";
export const PROCESSING_MS = 2000;

export const pinWrite = ["boards:read", "boards:write", "pins:read", "pins:write"];
const pinRead = ["boards:read", "pins:read"];

export interface SandboxPin {
  id: string;
  accountId: string;
  board_id: string;
  board_section_id: string | null;
  title: string | null;
  description: string | null;
  link: string | null;
  alt_text: string | null;
  dominant_color: string | null;
  parent_pin_id: string | null;
  created_at: string;
  media: Record<string, unknown>;
  creative_type: "REGULAR" | "VIDEO" | "CAROUSEL";
}

export interface SandboxMediaUpload {
  media_id: string;
  accountId: string;
  fields: Record<string, string>;
  uploadedAt: string | null;
  isVideo: boolean;
}

const fetchable = (value: unknown): value is string => {
  if (typeof value !== "string") return false;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
const couldNotFetch = (c: Context) => pinError(c, 400, 1, "Sorry we could not fetch the image.");
const invalid = (c: Context, what: string) => pinError(c, 400, 1, `Invalid parameters: ${what}`);

function mediaStatus(upload: SandboxMediaUpload, now: Date): "registered" | "processing" | "succeeded" | "failed" {
  if (!upload.uploadedAt) return "registered";
  if (now.getTime() - new Date(upload.uploadedAt).getTime() < PROCESSING_MS) return "processing";
  return upload.isVideo ? "succeeded" : "failed";
}

function images(url: string) {
  return { "150x150": { width: 150, height: 150, url }, "400x300": { width: 400, height: 300, url }, "600x": { width: 600, height: 900, url }, "1200x": { width: 1200, height: 1800, url } };
}

export function pinResource(pin: SandboxPin, owner: SandboxAccount | null): Record<string, unknown> {
  const { accountId: _owner, ...wire } = pin;
  return { ...wire, board_owner: { username: owner?.handle ?? "" }, is_owner: true, is_standard: true, has_been_promoted: false, pin_metrics: null };
}

/** media_source → the Pin's media and creative type, or the refusal Pinterest would send. */
async function readMediaSource(c: Context, deps: SimulatorDeps, source: unknown, accountId: string): Promise<Response | Pick<SandboxPin, "media" | "creative_type">> {
  if (!isRecord(source)) return invalid(c, "media_source is required");
  if (source.source_type === "image_url") {
    if (!fetchable(source.url)) return couldNotFetch(c);
    return { media: { media_type: "image", images: images(source.url) }, creative_type: "REGULAR" };
  }
  if (source.source_type === "multiple_image_urls") {
    const items = source.items;
    if (!Array.isArray(items) || items.length < 2 || items.length > 5) return invalid(c, "media_source.items must hold 2 to 5 images");
    if (!items.every((item) => isRecord(item) && fetchable(item.url))) return couldNotFetch(c);
    return {
      media: { media_type: "multiple_images", items: items.map((item) => ({ item_type: "image", images: images(isRecord(item) && typeof item.url === "string" ? item.url : "") })) },
      creative_type: "CAROUSEL",
    };
  }
  if (source.source_type === "video_id") {
    const upload = typeof source.media_id === "string" ? await deps.store.get<SandboxMediaUpload>("pinterest", "media", source.media_id) : null;
    if (!upload || upload.data.accountId !== accountId) return pinError(c, 404, 404, "Media not found.");
    const status = mediaStatus(upload.data, deps.now());
    if (status !== "succeeded") return invalid(c, `the video media is ${status}, not succeeded`);
    // A video Pin without a cover dies on the cover fetch, as third-party clients report.
    const cover = source.cover_image_url ?? (typeof source.cover_image_key_frame_time === "number" ? "keyframe" : null);
    if (cover !== "keyframe" && !fetchable(cover)) return couldNotFetch(c);
    return {
      media: {
        media_type: "video",
        cover_image_url: typeof source.cover_image_url === "string" ? source.cover_image_url : `https://sandbox.chorus.invalid/pinterest/covers/${upload.data.media_id}.jpg`,
        duration: 15000,
      },
      creative_type: "VIDEO",
    };
  }
  return invalid(c, `media_source.source_type ${String(source.source_type)} is not supported by the sandbox`);
}

const optionalText = (value: unknown, max: number): string | null | undefined => {
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || [...value].length > max) return undefined;
  return value;
};

export function mountPins(app: Hono, deps: SimulatorDeps): void {
  app.post("/v5/pins", async (c) => {
    const auth = await authenticate(c, deps, pinWrite);
    if (auth instanceof Response) return auth;
    const body = await jsonBodyOrEmpty(c);
    const board = typeof body.board_id === "string" ? await deps.store.get<SandboxBoard>("pinterest", "board", body.board_id) : null;
    if (!board || board.owner !== auth.account.id) return pinError(c, 404, 40, "Board not found.");
    if (body.board_section_id !== undefined && body.board_section_id !== null) return pinError(c, 404, 40, "Board section not found.");
    const fields = { title: optionalText(body.title, 100), description: optionalText(body.description, 800), alt_text: optionalText(body.alt_text, 500), link: optionalText(body.link, 2048) };
    const tooLong = Object.entries(fields).find(([, value]) => value === undefined);
    if (tooLong) return invalid(c, `${tooLong[0]} is too long`);
    const media = await readMediaSource(c, deps, body.media_source, auth.account.id);
    if (media instanceof Response) return media;
    const pin: SandboxPin = {
      id: numericId(18),
      accountId: auth.account.id,
      board_id: board.id,
      board_section_id: null,
      title: fields.title ?? null,
      description: fields.description ?? null,
      link: fields.link ?? null,
      alt_text: fields.alt_text ?? null,
      dominant_color: typeof body.dominant_color === "string" ? body.dominant_color : null,
      parent_pin_id: typeof body.parent_pin_id === "string" ? body.parent_pin_id : null,
      created_at: deps.now().toISOString().slice(0, 19),
      ...media,
    };
    await deps.store.put("pinterest", "pin", pin.id, pin, auth.account.id);
    await deps.store.put("pinterest", "board", board.id, { ...board.data, pin_count: board.data.pin_count + 1 }, board.owner);
    return c.json(pinResource(pin, auth.account), 201);
  });

  app.get("/v5/pins/:pinId", async (c) => {
    const auth = await authenticate(c, deps, pinRead);
    if (auth instanceof Response) return auth;
    const pin = await deps.store.get<SandboxPin>("pinterest", "pin", c.req.param("pinId"));
    if (!pin) return pinError(c, 404, 50, "Pin not found.");
    return c.json(pinResource(pin.data, auth.account));
  });

  app.delete("/v5/pins/:pinId", async (c) => {
    const auth = await authenticate(c, deps, pinWrite);
    if (auth instanceof Response) return auth;
    const pin = await deps.store.get<SandboxPin>("pinterest", "pin", c.req.param("pinId"));
    if (!pin) return pinError(c, 404, 50, "Pin not found.");
    if (pin.owner !== auth.account.id) return pinError(c, 403, 7, "Not authorized to access board or Pin.");
    await deps.store.delete("pinterest", "pin", pin.id);
    return c.body(null, 204);
  });

  app.get("/v5/boards/:boardId/pins", async (c) => {
    const auth = await authenticate(c, deps, pinRead);
    if (auth instanceof Response) return auth;
    const board = await deps.store.get<SandboxBoard>("pinterest", "board", c.req.param("boardId"));
    if (!board || board.owner !== auth.account.id) return pinError(c, 404, 40, "Board not found.");
    const pins = (await deps.store.list<SandboxPin>("pinterest", "pin", { owner: auth.account.id }))
      .filter((r) => r.data.board_id === board.id)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
      .map((r) => pinResource(r.data, auth.account));
    return pageOf(c, pins);
  });

  app.post("/v5/media", async (c) => {
    const auth = await authenticate(c, deps, ["pins:read", "pins:write"]);
    if (auth instanceof Response) return auth;
    if ((await jsonBodyOrEmpty(c)).media_type !== "video") return invalid(c, "media_type must be video");
    const mediaId = numericId(19);
    const date = deps.now().toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "");
    const fields: Record<string, string> = {
      "x-amz-date": date,
      "x-amz-signature": crypto.randomUUID().replace(/-/g, "").repeat(2),
      "x-amz-security-token": `sandbox-${crypto.randomUUID()}`,
      "x-amz-algorithm": "AWS4-HMAC-SHA256",
      key: `uploads/sandbox/${auth.account.id}/video:${mediaId}`,
      policy: btoa(JSON.stringify({ expiration: new Date(deps.now().getTime() + 3_600_000).toISOString(), conditions: [["content-length-range", 0, 2 * 1024 ** 3]] })),
      "x-amz-credential": `SANDBOXACCESSKEY/${date.slice(0, 8)}/us-east-1/s3/aws4_request`,
      "Content-Type": "multipart/form-data",
    };
    const upload: SandboxMediaUpload = { media_id: mediaId, accountId: auth.account.id, fields, uploadedAt: null, isVideo: false };
    await deps.store.put("pinterest", "media", mediaId, upload, auth.account.id);
    return c.json({ media_id: mediaId, media_type: "video", upload_url: `https://${S3_UPLOAD_HOST}/`, upload_parameters: fields }, 201);
  });

  app.get("/v5/media/:mediaId", async (c) => {
    const auth = await authenticate(c, deps, ["pins:read"]);
    if (auth instanceof Response) return auth;
    const upload = await deps.store.get<SandboxMediaUpload>("pinterest", "media", c.req.param("mediaId"));
    if (!upload || upload.owner !== auth.account.id) return pinError(c, 404, 404, "Media not found.");
    return c.json({ media_id: upload.data.media_id, media_type: "video", status: mediaStatus(upload.data, deps.now()) });
  });
}

const s3Error = (c: Context, status: 400 | 403, code: string, message: string) =>
  c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>SANDBOX</RequestId></Error>`, status, { "content-type": "application/xml" });

/** The S3 bucket: a presigned form POST whose fields must be the policy's, with the file last. 204 on success. */
export function mountMediaUpload(app: Hono, deps: SimulatorDeps): void {
  app.post("/", async (c) => {
    if (new URL(c.req.url).host !== S3_UPLOAD_HOST) return c.notFound();
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch {
      return s3Error(c, 400, "MalformedPOSTRequest", "The body of your POST request is not well-formed multipart/form-data.");
    }
    const entries = [...form.entries()];
    const key = form.get("key");
    const media = (await deps.store.list<SandboxMediaUpload>("pinterest", "media")).find((r) => r.data.fields.key === key);
    if (!media) return s3Error(c, 403, "AccessDenied", 'Invalid according to Policy: Policy Condition failed: ["eq", "$key"]');
    const signed = Object.entries(media.data.fields).every(([name, value]) => form.get(name) === value);
    if (!signed) return s3Error(c, 403, "AccessDenied", "Invalid according to Policy: Policy Condition failed.");
    const last = entries.at(-1);
    const file = form.get("file");
    if (!last || last[0] !== "file" || !(file instanceof File)) return s3Error(c, 400, "InvalidArgument", "POST requires exactly one file upload per request, as the last field.");
    const bytes = new Uint8Array(await file.arrayBuffer());
    const tag = String.fromCharCode(...bytes.subarray(4, 8));
    await deps.store.put("pinterest", "media", media.id, { ...media.data, uploadedAt: deps.now().toISOString(), isVideo: tag === "ftyp" || tag === "moov" }, media.owner);
    return c.body(null, 204);
  });
}
