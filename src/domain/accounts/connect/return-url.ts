import { ApiError } from "../../../infra/errors.js";

export const MAX_RETURN_URL_LENGTH = 2048;

/** Plain http is allowed only where it never crosses a network: a developer's own machine. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Why a returnUrl is refused, or null when it is fine: absolute, https (http only for
 * localhost), at most 2,048 characters, no credentials in it. The person's browser is sent
 * there with the outcome, so anything else would hand a connection result to the open web.
 */
export function returnUrlProblem(value: string): string | null {
  if (value.length === 0) return "returnUrl is empty.";
  if (value.length > MAX_RETURN_URL_LENGTH) return `returnUrl is ${value.length} characters; at most ${MAX_RETURN_URL_LENGTH} are allowed.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "returnUrl is not an absolute URL.";
  }
  if (url.username || url.password) return "returnUrl must not contain a user name or password.";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname)) return null;
  if (url.protocol === "http:") return "returnUrl must use https (http is allowed only for localhost and 127.0.0.1).";
  return `returnUrl must be an https URL, not ${url.protocol}.`;
}

/** The returnUrl as given, or `invalid_return_url` naming the problem. */
export function requireReturnUrl(value: string): string {
  const problem = returnUrlProblem(value);
  if (problem) throw new ApiError("invalid_return_url", { param: "returnUrl", message: problem });
  return value;
}
