import { callNetwork, classifyFailure, type NetworkResponse } from "../http.js";
import type { NetworkContext } from "../types.js";
import { tiktokErrorTable } from "./errors.js";

/**
 * One TikTok call. TikTok reports some refusals with HTTP 200 (posting caps on creator_info, and
 * possibly OAuth errors), so a 2xx answer is still classified when its envelope `error.code` is
 * not `ok` or when it carries a flat OAuth `error`.
 */
export async function callTiktok(net: NetworkContext, url: string, init: RequestInit): Promise<NetworkResponse<unknown>> {
  const response = await callNetwork(net, tiktokErrorTable, url, init);
  const body = response.body;
  if (body !== null && typeof body === "object" && "error" in body) {
    const error: unknown = body.error;
    const refused = typeof error === "string" || (error !== null && typeof error === "object" && "code" in error && error.code !== "ok");
    if (refused) throw classifyFailure(tiktokErrorTable, { status: response.status, headers: response.headers, body }, net.now());
  }
  return response;
}
