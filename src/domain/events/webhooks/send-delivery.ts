import { UrlUnreachableError } from "../../../infra/outbound/guarded-fetch.js";
import type { GuardedFetch } from "../../../infra/outbound/guarded-fetch.js";
import { DELIVERY_TIMEOUT_MS, RESPONSE_EXCERPT_BYTES } from "./retry-schedule.js";

export interface SendResult {
  ok: boolean;
  status: number | null;
  latencyMs: number;
  excerpt: string | null;
  error: string | null;
}

/** What the log says when no status came back: the cause, not the guard's internals. */
const failureText: Record<UrlUnreachableError["reason"], string> = {
  timeout: `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`,
  transport: "connection failed",
  address: "refused: the URL resolves to a private, local or metadata address",
  url: "refused: the URL is not allowed",
  redirect: "refused: redirect",
  too_large: "response too large",
};

/**
 * One HTTPS POST: 2xx within the timeout is success, anything else (3xx included: redirects are
 * never followed) is a failure. Only the first kilobyte of the answer is read, for the log, and
 * not kept at all when it came from loopback: the log would otherwise show whoever registered
 * the URL what this machine's other services answer.
 */
export async function sendDelivery(transport: GuardedFetch, url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await transport(url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      maxRedirects: 0,
      maxBytes: RESPONSE_EXCERPT_BYTES,
      truncate: true,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      param: "url",
    });
    const ok = response.status >= 200 && response.status < 300;
    const excerpt = response.local ? "" : new TextDecoder("utf-8", { fatal: false, ignoreBOM: false }).decode(response.body);
    return { ok, status: response.status, latencyMs: elapsed(), excerpt: excerpt || null, error: ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    const text = error instanceof UrlUnreachableError ? failureText[error.reason] : "connection failed";
    return { ok: false, status: null, latencyMs: elapsed(), excerpt: null, error: text };
  }
}
