import { createHmac } from "node:crypto";
import { timingSafeEqual } from "./crypto.js";

/*
 * The Workers cron asks other invocations of the same Worker to drain the job table
 * (`POST /internal/jobs/drain`). Without QStash there is no third party to sign that call, so the
 * deployment signs it itself: `X-Chorus-Drain: t=<unix seconds>,v1=<hex HMAC-SHA256>` with
 * CHORUS_SIGNING_SECRET over a purpose-named text and the time. The purpose keeps a signature made
 * with the same secret for anything else (media URLs, connect links) from passing here; the time
 * bounds a replay to DRAIN_SIGNATURE_TOLERANCE_S, and a replayed call can only drain due jobs,
 * which the claim hands out once each anyway.
 */
export const DRAIN_SIGNATURE_HEADER = "x-chorus-drain";
export const DRAIN_SIGNATURE_TOLERANCE_S = 60;
const PURPOSE = "chorus.jobs-drain.v1.";

const mac = (secret: string, t: number) => createHmac("sha256", secret).update(`${PURPOSE}${t}`, "utf8").digest("hex");

/** The header value for a drain call made at `nowMs`. */
export function signDrainCall(secret: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},v1=${mac(secret, t)}`;
}

/** True when `header` was signed with `secret` within the tolerance of `nowMs`. */
export function verifyDrainCall(secret: string, header: string | undefined, nowMs: number): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match || !secret) return false;
  const t = Number(match[1]);
  if (Math.abs(nowMs / 1000 - t) > DRAIN_SIGNATURE_TOLERANCE_S) return false;
  return timingSafeEqual(mac(secret, t), match[2] ?? "");
}
