import type { PlatformId } from "../../types/platform-ids.js";
import { type LinkedToken, readToken } from "../tokens.js";
import type { SimulatorDeps } from "../types.js";
import type { TokenMeta } from "./token-meta.js";

/**
 * What one Graph call's handling reads more than once, read once per request. On
 * graph.facebook.com the Facebook and Instagram simulators each ask whether the call's token is
 * theirs before one of them claims it, and the claiming one then authenticates it: Graph checks
 * a token once per call, and so does the sandbox. Kept per Request object, so nothing outlives
 * the call it belongs to.
 */

const forms = new WeakMap<Request, Promise<URLSearchParams>>();
const tokenReads = new WeakMap<Request, { platform: PlatformId; token: string; read: Promise<LinkedToken<TokenMeta>> }>();

/** A write's form body as parameters (url-encoded or multipart; other bodies have none), parsed once; the body stays readable. */
export async function requestForm(request: Request): Promise<URLSearchParams> {
  let parsed = forms.get(request);
  if (!parsed) {
    parsed = parseForm(request.clone());
    forms.set(request, parsed);
  }
  return new URLSearchParams(await parsed);
}

async function parseForm(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/x-www-form-urlencoded")) return new URLSearchParams(await request.text());
  if (type.includes("multipart/form-data")) {
    const form = await request.formData();
    const params = new URLSearchParams();
    for (const [key, value] of form.entries()) if (typeof value === "string") params.set(key, value);
    return params;
  }
  return new URLSearchParams();
}

/**
 * The token record with its account and door (token_meta), as the claim reads it; kept for the
 * same request's authentication, which takes it once (a second check in the call reads again).
 */
export function readCallToken(deps: SimulatorDeps, platform: PlatformId, request: Request, token: string): Promise<LinkedToken<TokenMeta>> {
  const read = readToken<TokenMeta>(deps, platform, token, "token_meta");
  tokenReads.set(request, { platform, token, read });
  return read;
}

/** The claim's read of this request's token, when it was this platform's and this token; null otherwise. */
export function takeCallToken(request: Request, platform: PlatformId, token: string): Promise<LinkedToken<TokenMeta>> | null {
  const kept = tokenReads.get(request);
  if (!kept || kept.platform !== platform || kept.token !== token) return null;
  tokenReads.delete(request);
  return kept.read;
}
