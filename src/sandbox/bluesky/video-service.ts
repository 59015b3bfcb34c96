import { Hono } from "hono";
import type { Context } from "hono";
import { UNMATCHED_HEADER } from "../sandbox-fetch.js";
import type { SimulatorDeps } from "../types.js";
import { accountFault, authenticate, bearer, PLATFORM, SANDBOX_PDS_URL } from "./accounts.js";
import { storeBlob } from "./blobs.js";
import { BLUESKY_VIDEO_MAX_BYTES } from "./post-validation.js";
import { fromBase64, toBase64, xrpcError } from "./wire.js";

/**
 * Bluesky's video service (video.bsky.app) and the PDS method it needs, from the lexicons
 * app.bsky.video.{getUploadLimits,uploadVideo,getJobStatus,defs}, com.atproto.server.getServiceAuth
 * and docs.bsky.app "Uploading Video":
 * - getServiceAuth (PDS) signs a token for `aud` and `lxm`, at most an hour long;
 * - getUploadLimits takes a token for the service (`did:web:video.bsky.app`);
 * - uploadVideo takes a token addressed to the person's PDS for `com.atproto.repo.uploadBlob`
 *   (the service stores the processed blob there), refuses past the daily allowance, and answers
 *   a job;
 * - getJobStatus is public; the job completes after `processingSeconds` with the blob, or fails
 *   (not an MP4, longer than 3 minutes, over 100 MB).
 * The allowance is the launch figure (25 videos or 10 GB a day, unverified-official).
 */

export const videoServiceRules = { dailyVideos: 25, dailyBytes: 10_000_000_000, maxSeconds: 180, processingSeconds: 5 } as const;

const path = (nsid: string) => `/xrpc/${nsid}`;
const SERVICE_DID = "did:web:video.bsky.app";

interface ServiceToken {
  iss: string;
  aud: string;
  lxm: string | null;
  exp: number;
}

interface VideoJob {
  did: string;
  bytesBase64: string;
  mimeType: string;
  size: number;
  failure: string | null;
  createdAt: string;
  blob: Record<string, unknown> | null;
}

const base64Url = (text: string) => btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

/** Service tokens are ES256K-signed by the account's key; the sandbox keeps them and signs with random bytes. */
function serviceJwt(claims: ServiceToken & { iat: number; jti: string }): string {
  const signature = toBase64(crypto.getRandomValues(new Uint8Array(32))).replace(/=+$/, "");
  return `${base64Url(JSON.stringify({ typ: "JWT", alg: "ES256K" }))}.${base64Url(JSON.stringify(claims))}.${signature}`;
}

/** The video service checks the token's audience and method, and that it is unexpired. */
async function serviceAuth(c: Context, deps: SimulatorDeps, aud: string, lxm: string): Promise<{ ok: true; token: ServiceToken } | { ok: false; response: Response }> {
  const value = bearer(c);
  const stored = value ? await deps.store.get<ServiceToken>(PLATFORM, "service_token", value) : null;
  if (!stored) return { ok: false, response: xrpcError(c, 401, "AuthMissing", "Authentication Required") };
  const token = stored.data;
  if (token.exp * 1000 < deps.now().getTime()) return { ok: false, response: xrpcError(c, 400, "ExpiredToken", "jwt expired") };
  if (token.aud !== aud) return { ok: false, response: xrpcError(c, 401, "BadJwtAudience", `jwt audience does not match service did: ${aud}`) };
  if (token.lxm !== lxm) return { ok: false, response: xrpcError(c, 401, "BadJwtLexiconMethod", `bad jwt lexicon method ("lxm"). must match: ${lxm}`) };
  return { ok: true, token };
}

/** The MP4's length from its `mvhd` box (timescale and duration), or null when none is found. */
export function mp4Seconds(bytes: Uint8Array): number | null {
  for (let i = 4; i + 24 < bytes.length; i++) {
    if (bytes[i] !== 0x6d || bytes[i + 1] !== 0x76 || bytes[i + 2] !== 0x68 || bytes[i + 3] !== 0x64) continue;
    const view = new DataView(bytes.buffer, bytes.byteOffset + i + 4);
    const version = view.getUint8(0);
    const timescale = version === 1 ? view.getUint32(20) : view.getUint32(12);
    const duration = version === 1 ? Number(view.getBigUint64(24)) : view.getUint32(16);
    return timescale > 0 ? duration / timescale : null;
  }
  return null;
}

async function usedToday(deps: SimulatorDeps, did: string): Promise<{ videos: number; bytes: number }> {
  const since = deps.now().getTime() - 86_400_000;
  const jobs = (await deps.store.list<VideoJob>(PLATFORM, "video_job", { owner: did })).filter((j) => Date.parse(j.data.createdAt) > since);
  return { videos: jobs.length, bytes: jobs.reduce((sum, j) => sum + j.data.size, 0) };
}

/** `com.atproto.server.getServiceAuth` on the PDS. */
export function mountServiceAuth(app: Hono, deps: SimulatorDeps): void {
  app.get(path("com.atproto.server.getServiceAuth"), async (c) => {
    const auth = await authenticate(c, deps, "access");
    if (!auth.ok) return auth.response;
    const fault = await accountFault(c, deps, auth.account, "other");
    if (fault) return fault;
    const { aud, lxm, exp } = c.req.query();
    if (!aud) return xrpcError(c, 400, "InvalidRequest", 'Params must have the property "aud"');
    const now = Math.floor(deps.now().getTime() / 1000);
    const expiry = exp ? Number(exp) : now + 60;
    if (!Number.isInteger(expiry) || expiry <= now) return xrpcError(c, 400, "BadExpiration", "expiration is in past");
    if (expiry - now > 3600) return xrpcError(c, 400, "BadExpiration", "cannot request a token with an expiration more than an hour in the future");
    const claims: ServiceToken = { iss: auth.account.id, aud, lxm: lxm ?? null, exp: expiry };
    const token = serviceJwt({ ...claims, iat: now, jti: crypto.randomUUID() });
    await deps.store.put<ServiceToken>(PLATFORM, "service_token", token, claims, auth.account.id);
    return c.json({ token });
  });
}

/** The video service host. */
export function videoServiceApp(deps: SimulatorDeps): Hono {
  const app = new Hono();
  const pdsDid = `did:web:${new URL(SANDBOX_PDS_URL).host}`;

  app.get(path("app.bsky.video.getUploadLimits"), async (c) => {
    const auth = await serviceAuth(c, deps, SERVICE_DID, "app.bsky.video.getUploadLimits");
    if (!auth.ok) return auth.response;
    const used = await usedToday(deps, auth.token.iss);
    const remainingDailyVideos = Math.max(0, videoServiceRules.dailyVideos - used.videos);
    const remainingDailyBytes = Math.max(0, videoServiceRules.dailyBytes - used.bytes);
    const canUpload = remainingDailyVideos > 0 && remainingDailyBytes > 0;
    return c.json({ canUpload, remainingDailyVideos, remainingDailyBytes, ...(canUpload ? {} : { message: "You have reached your daily upload limit" }) });
  });

  app.post(path("app.bsky.video.uploadVideo"), async (c) => {
    const auth = await serviceAuth(c, deps, pdsDid, "com.atproto.repo.uploadBlob");
    if (!auth.ok) return auth.response;
    const did = c.req.query("did") ?? "";
    if (did !== auth.token.iss) return xrpcError(c, 401, "InvalidToken", "did does not match the token's issuer");
    const used = await usedToday(deps, did);
    if (used.videos >= videoServiceRules.dailyVideos || used.bytes >= videoServiceRules.dailyBytes) return xrpcError(c, 400, "InvalidRequest", "You have reached your daily upload limit");
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > BLUESKY_VIDEO_MAX_BYTES) return xrpcError(c, 413, "PayloadTooLarge", "request entity too large");
    const mimeType = (c.req.header("content-type") ?? "").split(";")[0]?.trim() ?? "";
    const seconds = mp4Seconds(bytes);
    const failure =
      mimeType !== "video/mp4"
        ? "Unsupported video format: send an MP4"
        : seconds !== null && seconds > videoServiceRules.maxSeconds
          ? `Video is too long (${Math.round(seconds)} s; at most ${videoServiceRules.maxSeconds} s)`
          : null;
    const jobId = crypto.randomUUID();
    const job: VideoJob = { did, bytesBase64: toBase64(bytes), mimeType, size: bytes.byteLength, failure, createdAt: deps.now().toISOString(), blob: null };
    await deps.store.put<VideoJob>(PLATFORM, "video_job", jobId, job, did);
    return c.json({ jobStatus: { jobId, did, state: "JOB_STATE_CREATED", progress: 0 } });
  });

  app.get(path("app.bsky.video.getJobStatus"), async (c) => {
    const jobId = c.req.query("jobId");
    if (!jobId) return xrpcError(c, 400, "InvalidRequest", 'Params must have the property "jobId"');
    const stored = await deps.store.get<VideoJob>(PLATFORM, "video_job", jobId);
    if (!stored) return xrpcError(c, 400, "InvalidRequest", "Job not found");
    const job = stored.data;
    const base = { jobId, did: job.did };
    if (deps.now().getTime() - Date.parse(job.createdAt) < videoServiceRules.processingSeconds * 1000) return c.json({ jobStatus: { ...base, state: "JOB_STATE_ENCODING", progress: 50 } });
    if (job.failure) return c.json({ jobStatus: { ...base, state: "JOB_STATE_FAILED", error: "processing_failed", message: job.failure } });
    // Done: the service puts the processed file in the person's repository as a blob.
    const blob = job.blob ?? (await storeBlob(deps, job.did, fromBase64(job.bytesBase64), "video/mp4"));
    if (!job.blob) await deps.store.put<VideoJob>(PLATFORM, "video_job", jobId, { ...job, blob }, job.did);
    return c.json({ jobStatus: { ...base, state: "JOB_STATE_COMPLETED", progress: 100, blob } });
  });

  // The real service answers a method it does not serve with 501; the message names what it does serve.
  app.notFound((c) => {
    c.header(UNMATCHED_HEADER, "1");
    const method = new URL(c.req.url).pathname.replace(/^\/xrpc\//, "");
    return xrpcError(c, 501, "MethodNotImplemented", `The video service serves app.bsky.video.getUploadLimits, uploadVideo and getJobStatus, not ${method}.`);
  });
  return app;
}
