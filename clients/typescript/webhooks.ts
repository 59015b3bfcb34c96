/**
 * Checks a webhook delivery's `service-signature` header (`t=<unix seconds>,v1=<hex>[,v1=<hex>]`):
 * the hex HMAC-SHA256 of `<t>.<raw body>` keyed with the endpoint's secret must equal one `v1`
 * (there are two while a secret is being rotated), and `t` must be within `toleranceSeconds` of
 * now, so a captured delivery cannot be replayed later. Uses Web Crypto: Node 20+, browsers, Workers.
 */
export interface VerifyWebhookOptions {
  /** The request body exactly as received, before any JSON parsing. */
  payload: string | Uint8Array;
  /** The `service-signature` header. */
  header: string | null | undefined;
  /** The endpoint's secret (`whsec_…`), or several while you rotate. */
  secret: string | string[];
  /** Default 300 s. */
  toleranceSeconds?: number;
  /** For tests: the current time. */
  now?: Date;
}

export class WebhookSignatureError extends Error {
  override name = "WebhookSignatureError";
}

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: Uint8Array<ArrayBuffer>): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, message));
  return Array.from(signature, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Compares every character whatever the first difference, so the time taken reveals nothing. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/** Resolves when the delivery is genuine; throws WebhookSignatureError saying why otherwise. */
export async function verifyWebhookSignature(options: VerifyWebhookOptions): Promise<void> {
  const parts = (options.header ?? "").split(",").map((part) => part.trim().split("="));
  const t = parts.find(([name]) => name === "t")?.[1];
  const signatures = parts.filter(([name]) => name === "v1").map(([, value]) => value ?? "");
  if (!t || !/^\d+$/.test(t) || signatures.length === 0) throw new WebhookSignatureError("The service-signature header is missing or not t=<unix>,v1=<hex>.");
  const age = Math.abs((options.now ?? new Date()).getTime() / 1000 - Number(t));
  if (age > (options.toleranceSeconds ?? 300)) throw new WebhookSignatureError(`The signature's time is ${Math.round(age)} s away from now: a replay or a wrong clock.`);
  const body = typeof options.payload === "string" ? encoder.encode(options.payload) : options.payload;
  const signed = new Uint8Array([...encoder.encode(`${t}.`), ...body]);
  for (const secret of Array.isArray(options.secret) ? options.secret : [options.secret]) {
    const expected = await hmacHex(secret, signed);
    if (signatures.some((signature) => sameText(signature, expected))) return;
  }
  throw new WebhookSignatureError("No v1 signature matches: the body was changed, or the secret is not this endpoint's.");
}
