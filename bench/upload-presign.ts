import { availableParallelism, loadavg } from "node:os";
import { UPLOAD_PART_BYTES, UPLOAD_SESSION_VIDEO_BYTES } from "../src/domain/publishing/media/upload-sessions.js";
import { type R2BucketBinding, createR2MediaStorage } from "../src/infra/media-storage/r2-storage.js";

/**
 * Issue 29: what presigning costs when a 5 GB upload session is started (or read again to resume)
 * on Workers with R2 S3 credentials: 640 part URLs of 8 MiB, each a SigV4 query signature (a
 * SHA-256 and five HMACs in WebCrypto), made the way the session's answer makes them
 * (src/domain/publishing/media/upload-session-view.ts: all parts at once). Measured in this Node
 * process with its WebCrypto, through the R2 storage's own `presign.partUrl`; the binding is an
 * in-memory stand-in that answers `createMultipartUpload` only, so what is timed is Chorus's work,
 * not R2's. Wall time and this process's CPU time (user + system) per session, median of
 * BENCH_PRESIGN_RUNS (default 7) after one warm-up; and the size of the URLs in the answer.
 * Workers' own CPU accounting is not measured here (no account; local workerd is not Cloudflare's
 * metering). `npx tsx bench/upload-presign.ts` runs it alone.
 */
export interface UploadPresignResult {
  parts: number;
  runs: number;
  medianMs: number;
  medianCpuMs: number;
  minMs: number;
  maxMs: number;
  perUrlMicroseconds: number;
  urlBytes: number;
  loadAverage: number;
  cores: number;
}

const binding: R2BucketBinding = {
  put: async () => undefined,
  get: async () => null,
  delete: async () => undefined,
  list: async () => ({ objects: [], truncated: false }),
  createMultipartUpload: async () => ({
    uploadId: "AFbQ0R2uploadIdOfTheSortR2Answers0123456789abcdefghijklmnopqrstuvwxyz",
    uploadPart: () => Promise.reject(new Error("not in the bench")),
    complete: () => Promise.reject(new Error("not in the bench")),
    abort: async () => undefined,
  }),
  resumeMultipartUpload: () => {
    throw new Error("not in the bench");
  },
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function runUploadPresignBench(runs = Number(process.env.BENCH_PRESIGN_RUNS ?? 7)): Promise<UploadPresignResult> {
  const storage = createR2MediaStorage(binding, {
    s3: { accountId: "0123456789abcdef0123456789abcdef", bucket: "chorus-media", accessKeyId: "0123456789abcdef0123456789abcdef", secretAccessKey: "0".repeat(64) },
  });
  const presign = storage.multipart.presign;
  if (!presign) throw new Error("no presigning with S3 access");
  const parts = Math.ceil(UPLOAD_SESSION_VIDEO_BYTES / UPLOAD_PART_BYTES);
  const key = "ws_0123456789abcdefghij/upl_0123456789abcdefghij";
  const session = async () => {
    const { uploadId } = await storage.multipart.create(key, { contentType: "video/mp4" });
    const now = new Date();
    return Promise.all(Array.from({ length: parts }, (_, i) => presign.partUrl(key, uploadId, i + 1, now)));
  };
  let urls = await session();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    urls = await session();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  const result: UploadPresignResult = {
    parts,
    runs,
    medianMs: Math.round(median(wall) * 10) / 10,
    medianCpuMs: Math.round(median(cpu) * 10) / 10,
    minMs: Math.round(Math.min(...wall) * 10) / 10,
    maxMs: Math.round(Math.max(...wall) * 10) / 10,
    perUrlMicroseconds: Math.round((median(wall) * 1000) / parts),
    urlBytes: urls.reduce((sum, url) => sum + url.length, 0),
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
    cores: availableParallelism(),
  };
  console.log(`\n  upload session presigning: ${parts} part URLs for a ${UPLOAD_SESSION_VIDEO_BYTES / 1024 ** 3} GiB session (${UPLOAD_PART_BYTES / 1024 ** 2} MiB parts)`);
  console.log(
    `    median ${result.medianMs} ms wall, ${result.medianCpuMs} ms CPU per session (runs ${result.minMs}-${result.maxMs} ms, ${runs} runs); ${result.perUrlMicroseconds} µs per URL; URLs ${(result.urlBytes / 1024).toFixed(0)} KiB of the answer; load ${result.loadAverage} on ${result.cores} cores`,
  );
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) await runUploadPresignBench();
