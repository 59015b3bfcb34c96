import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { PublishMedia, PublishRequest, PublishResult } from "../publish-types.js";
import type { NetworkContext, TokenSet } from "../types.js";
import { didOf, pdsUrlOf } from "./connect.js";
import { xrpcOrThrow } from "./xrpc.js";

/**
 * Video on Bluesky goes through its video service (docs.bsky.app "Uploading Video"; lexicons
 * app.bsky.video.*), not the PDS's uploadBlob:
 * 1. `com.atproto.server.getServiceAuth` on the PDS gives short-lived tokens: one for the video
 *    service itself (`app.bsky.video.getUploadLimits`), one addressed to the PDS
 *    (`aud` = `did:web:<pds host>`, `lxm` = `com.atproto.repo.uploadBlob`), with which the
 *    service stores the processed blob in the person's repository;
 * 2. `app.bsky.video.getUploadLimits` says whether today's allowance (videos and bytes) is left;
 * 3. `app.bsky.video.uploadVideo?did=&name=` takes the bytes and answers a job;
 * 4. `app.bsky.video.getJobStatus?jobId=` is polled until `JOB_STATE_COMPLETED` names the blob;
 * 5. the post is written with an `app.bsky.embed.video` embed of that blob (publish.ts).
 */

export const BLUESKY_VIDEO_SERVICE = "https://video.bsky.app";
const VIDEO_SERVICE_DID = "did:web:video.bsky.app";
/** How long the service tokens live: the PDS refuses more than an hour; the upload needs minutes. */
const SERVICE_TOKEN_SECONDS = 30 * 60;
export const videoPollSeconds = 5;

export const VIDEO_METHODS = {
  getServiceAuth: "com.atproto.server.getServiceAuth",
  getUploadLimits: "app.bsky.video.getUploadLimits",
  uploadVideo: "app.bsky.video.uploadVideo",
  getJobStatus: "app.bsky.video.getJobStatus",
} as const;

const BlobSchema = v.looseObject({ $type: v.literal("blob"), ref: v.looseObject({ $link: v.string() }), mimeType: v.string(), size: v.number() });
const JobStatusSchema = v.looseObject({
  jobId: v.string(),
  did: v.string(),
  state: v.string(),
  progress: v.optional(v.number()),
  blob: v.optional(BlobSchema),
  error: v.optional(v.string()),
  message: v.optional(v.string()),
});
const JobAnswer = v.looseObject({ jobStatus: JobStatusSchema });
const LimitsAnswer = v.looseObject({
  canUpload: v.boolean(),
  remainingDailyVideos: v.optional(v.number()),
  remainingDailyBytes: v.optional(v.number()),
  message: v.optional(v.string()),
  error: v.optional(v.string()),
});
const TokenAnswer = v.looseObject({ token: v.string() });

const PollSchema = v.object({
  jobId: v.string(),
  text: v.string(),
  options: v.record(v.string(), v.unknown()),
  inReplyTo: v.optional(v.string()),
  alt: v.optional(v.string()),
  aspectRatio: v.optional(v.object({ width: v.number(), height: v.number() })),
});

export interface VideoEmbed {
  $type: "app.bsky.embed.video";
  video: v.InferOutput<typeof BlobSchema>;
  alt?: string;
  aspectRatio?: { width: number; height: number };
}

const unexpected = (what: string) => new ApiError("platform_unavailable", { platform: "bluesky", message: `bluesky: unexpected ${what} response` });

async function serviceToken(net: NetworkContext, tokens: TokenSet, aud: string, lxm: string): Promise<string> {
  const exp = String(Math.floor(net.now().getTime() / 1000) + SERVICE_TOKEN_SECONDS);
  const body = await xrpcOrThrow<unknown>(net, { base: pdsUrlOf(tokens, net), nsid: VIDEO_METHODS.getServiceAuth, method: "GET", token: tokens.accessToken, params: { aud, lxm, exp } });
  const parsed = v.safeParse(TokenAnswer, body);
  if (!parsed.success) throw unexpected("getServiceAuth");
  return parsed.output.token;
}

async function checkUploadLimits(net: NetworkContext, tokens: TokenSet, item: PublishMedia): Promise<void> {
  const token = await serviceToken(net, tokens, VIDEO_SERVICE_DID, VIDEO_METHODS.getUploadLimits);
  const body = await xrpcOrThrow<unknown>(net, { base: BLUESKY_VIDEO_SERVICE, nsid: VIDEO_METHODS.getUploadLimits, method: "GET", token });
  const parsed = v.safeParse(LimitsAnswer, body);
  if (!parsed.success) throw unexpected("getUploadLimits");
  const limits = parsed.output;
  const bytesLeft = limits.remainingDailyBytes;
  if (!limits.canUpload || limits.remainingDailyVideos === 0 || (bytesLeft !== undefined && bytesLeft < item.bytes)) {
    throw new ApiError("quota_exceeded", { platform: "bluesky", message: `bluesky: ${limits.message ?? "the account's daily video allowance is spent"}` });
  }
}

/** Sends the video to the service and answers `processing` with a poll token that can write the post later. */
export async function startVideoPost(tokens: TokenSet, request: PublishRequest, item: PublishMedia, net: NetworkContext): Promise<PublishResult> {
  await checkUploadLimits(net, tokens, item);
  const pdsHost = new URL(pdsUrlOf(tokens, net)).host;
  const token = await serviceToken(net, tokens, `did:web:${pdsHost}`, "com.atproto.repo.uploadBlob");
  const body = await xrpcOrThrow<unknown>(net, {
    base: BLUESKY_VIDEO_SERVICE,
    nsid: VIDEO_METHODS.uploadVideo,
    method: "POST",
    token,
    params: { did: didOf(tokens), name: `${item.id}.mp4` },
    bytes: { data: new Uint8Array(await item.read()).buffer, contentType: item.mimeType },
  });
  const parsed = v.safeParse(JobAnswer, body);
  if (!parsed.success) throw unexpected("uploadVideo");
  const job = parsed.output.jobStatus;
  if (job.state === "JOB_STATE_FAILED") throw new ApiError("media_unreadable", { platform: "bluesky", message: `bluesky: ${job.message ?? job.error ?? "the video service refused the video"}` });
  const poll: v.InferOutput<typeof PollSchema> = {
    jobId: job.jobId,
    text: request.text,
    options: request.options,
    ...(request.inReplyTo ? { inReplyTo: request.inReplyTo } : {}),
    ...(item.alt ? { alt: item.alt } : {}),
    ...(item.width && item.height ? { aspectRatio: { width: item.width, height: item.height } } : {}),
  };
  return { state: "processing", networkPostId: null, url: null, pollToken: JSON.stringify(poll), pollAfterSeconds: videoPollSeconds };
}

export type VideoJobCheck = { state: "ready"; request: Pick<PublishRequest, "text" | "media" | "options" | "inReplyTo">; embed: VideoEmbed } | { state: "waiting"; result: PublishResult };

/** Reads the job: still processing, failed (the service's reason), or ready with the post to write. */
export async function checkVideoJob(_tokens: TokenSet, pollToken: string, net: NetworkContext): Promise<VideoJobCheck> {
  let raw: unknown;
  try {
    raw = JSON.parse(pollToken);
  } catch {
    raw = undefined;
  }
  const poll = v.safeParse(PollSchema, raw);
  if (!poll.success) throw new ApiError("internal_error", { platform: "bluesky", message: "bluesky: a poll token this adapter cannot read" });
  const { jobId, text, options, inReplyTo, alt, aspectRatio } = poll.output;
  // getJobStatus is public: the job id is the only key (docs.bsky.app "Uploading Video").
  const body = await xrpcOrThrow<unknown>(net, { base: BLUESKY_VIDEO_SERVICE, nsid: VIDEO_METHODS.getJobStatus, method: "GET", params: { jobId } });
  const parsed = v.safeParse(JobAnswer, body);
  if (!parsed.success) throw unexpected("getJobStatus");
  const job = parsed.output.jobStatus;
  if (job.state === "JOB_STATE_FAILED") {
    return {
      state: "waiting",
      result: { state: "failed", error: new ApiError("media_unreadable", { platform: "bluesky", message: `bluesky: ${job.message ?? job.error ?? "the video could not be processed"}` }) },
    };
  }
  if (job.state !== "JOB_STATE_COMPLETED" || !job.blob) {
    return { state: "waiting", result: { state: "processing", networkPostId: null, url: null, pollToken, pollAfterSeconds: videoPollSeconds } };
  }
  const embed: VideoEmbed = { $type: "app.bsky.embed.video", video: job.blob, ...(alt ? { alt } : {}), ...(aspectRatio ? { aspectRatio } : {}) };
  return { state: "ready", request: { text, options, media: [], ...(inReplyTo ? { inReplyTo } : {}) }, embed };
}
