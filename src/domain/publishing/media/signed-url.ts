import { toHex } from "../../../infra/crypto.js";
import { ApiError } from "../../../infra/errors.js";

/*
 * Signed media URLs: `<publicUrl>/media/<id>?exp=<unix seconds>&sig=<hex HMAC-SHA256>`, for
 * networks that fetch media themselves. The signed string names its purpose and version, so a
 * signature made with the same secret for anything else (connect links) never passes as a media
 * URL, and binds the id and the expiry, so neither can be changed.
 */
const PURPOSE = "chorus.media-url.v1.";
const encoder = new TextEncoder();

/** How long the URLs handed to networks stay valid: long enough for a scheduled or slow pull. */
export const MEDIA_URL_TTL_SECONDS = 24 * 60 * 60;

const hmacKey = (secret: string) => crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
const signedText = (mediaId: string, exp: number) => `${PURPOSE}${mediaId}.${exp}`;

export async function mediaSignature(signingSecret: string, mediaId: string, exp: number): Promise<string> {
  return toHex(await crypto.subtle.sign("HMAC", await hmacKey(signingSecret), encoder.encode(signedText(mediaId, exp))));
}

/** A public URL for one media file, valid for `ttlSeconds` from `now`. */
export async function signedMediaUrl(publicUrl: string, signingSecret: string, mediaId: string, ttlSeconds: number, now: Date): Promise<string> {
  const exp = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const sig = await mediaSignature(signingSecret, mediaId, exp);
  return `${publicUrl.replace(/\/+$/, "")}/media/${encodeURIComponent(mediaId)}?exp=${exp}&sig=${sig}`;
}

function fromHex(text: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(text.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/**
 * Accepts a media URL's `exp` and `sig` for `mediaId`, or refuses it: 403 `media_url_invalid`
 * when the signature does not match (checked first, with WebCrypto's constant-time verify, so an
 * unsigned expiry is never trusted), 410 `media_url_expired` when it is genuine but past `exp`.
 */
export async function verifyMediaUrl(signingSecret: string, mediaId: string, exp: string | undefined, sig: string | undefined, now: Date): Promise<void> {
  const invalid = new ApiError("media_url_invalid", { message: "This media URL is not valid: it was altered, or was not made by this server." });
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !/^[0-9a-f]{64}$/.test(sig)) throw invalid;
  const expires = Number(exp);
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(signingSecret), fromHex(sig), encoder.encode(signedText(mediaId, expires)));
  if (!valid) throw invalid;
  if (now.getTime() >= expires * 1000) {
    throw new ApiError("media_url_expired", { message: `This media URL expired at ${new Date(expires * 1000).toISOString()}.` });
  }
}
