import { ApiError } from "../../infra/errors.js";
import { type ErrorTable, callNetwork, classifyFailure, type NetworkResponse } from "../http.js";
import type { NetworkContext } from "../types.js";
import { tiktokErrorTable } from "./errors.js";

export interface TiktokCallOptions {
  table?: ErrorTable;
  /**
   * TikTok sends no Retry-After. Publishing calls pass the length of TikTok's window (one minute)
   * so a throttled publish tells the caller when to retry; reads pass TikTok's answer as it is.
   */
  retryAfterSeconds?: number;
}

/**
 * One TikTok call. TikTok reports some refusals with HTTP 200 (posting caps on creator_info, and
 * possibly OAuth errors), so a 2xx answer is still classified when its envelope `error.code` is
 * not `ok` or when it carries a flat OAuth `error`.
 */
export async function callTiktok(net: NetworkContext, url: string, init: RequestInit, options: TiktokCallOptions = {}): Promise<NetworkResponse<unknown>> {
  const table = options.table ?? tiktokErrorTable;
  try {
    const response = await callNetwork(net, table, url, init);
    const body = response.body;
    if (body !== null && typeof body === "object" && "error" in body) {
      const error: unknown = body.error;
      const refused = typeof error === "string" || (error !== null && typeof error === "object" && "code" in error && error.code !== "ok");
      if (refused) throw classifyFailure(table, { status: response.status, headers: response.headers, body }, net.now());
    }
    return response;
  } catch (error) {
    throw options.retryAfterSeconds === undefined ? error : withRetryAfter(error, options.retryAfterSeconds);
  }
}

function withRetryAfter(error: unknown, seconds: number): unknown {
  if (!(error instanceof ApiError) || error.code !== "rate_limited" || error.headers["Retry-After"] !== undefined) return error;
  return new ApiError("rate_limited", { platform: error.platform, message: error.message, headers: { ...error.headers, "Retry-After": String(seconds) } });
}
