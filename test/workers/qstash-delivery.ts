import { SELF } from "cloudflare:test";
import { expect, inject } from "vitest";
import { reply } from "../support/workspace-fixture.js";
import type {} from "./provided-context.js";
import type { RecordedPublish } from "./qstash-recorded.js";

/** A publish the QStash stand-in recorded (qstash-standin.ts), with its job body parsed. */
export interface RecordedJob extends RecordedPublish {
  job: { kind: string; workspaceId: string; mode: string; payload: Record<string, string | number | null> };
}

/** Every publish the Worker has made to the QStash stand-in so far, in order (its GET /recorded). */
export async function recordedPublishes(): Promise<RecordedPublish[]> {
  const answer = await reply<RecordedPublish[]>(await fetch(`${inject("qstashUrl")}/recorded`));
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

/** Every job the Worker has handed to the QStash stand-in so far, in order. */
export async function recordedJobs(): Promise<RecordedJob[]> {
  return (await recordedPublishes()).map((m) => ({ ...m, job: JSON.parse(m.body) as RecordedJob["job"] }));
}

const utf8 = new TextEncoder();

function base64url(bytes: ArrayBuffer | Uint8Array, { pad = false } = {}): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  const b64 = btoa(binary).replaceAll("+", "-").replaceAll("/", "_");
  return pad ? b64 : b64.replace(/=+$/, "");
}

/**
 * The `Upstash-Signature` QStash puts on a delivery of `body` to `url`: an HS256 JWT with iss
 * "Upstash", sub = the destination URL, body = base64url(SHA-256(raw body)) (QStash keeps the `=`
 * padding; Receiver ignores padding on both sides), a 5-minute exp, nbf/iat now and a unique jti.
 */
export async function qstashSignature(input: { key: string; body: string; url: string }): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(utf8.encode(JSON.stringify({ alg: "HS256", typ: "JWT" })));
  const bodyHash = base64url(await crypto.subtle.digest("SHA-256", utf8.encode(input.body)), { pad: true });
  const claims = { iss: "Upstash", sub: input.url, exp: now + 300, nbf: now, iat: now, jti: `jwt_${crypto.randomUUID()}`, body: bodyHash };
  const signingInput = `${header}.${base64url(utf8.encode(JSON.stringify(claims)))}`;
  const key = await crypto.subtle.importKey("raw", utf8.encode(input.key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return `${signingInput}.${base64url(await crypto.subtle.sign("HMAC", key, utf8.encode(signingInput)))}`;
}

/** Delivers a recorded job as QStash would (signed, to its destination), whatever its not-before; answers the status. */
export async function deliverJob(message: RecordedJob): Promise<number> {
  const headers = new Headers({ "content-type": "application/json", "upstash-message-id": message.messageId, "upstash-retried": "0" });
  headers.set("upstash-signature", await qstashSignature({ key: inject("qstashCurrentSigningKey"), body: message.body, url: message.destination }));
  const response = await SELF.fetch(message.destination, { method: "POST", headers, body: message.body });
  await response.text();
  return response.status;
}
