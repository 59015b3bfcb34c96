import { ApiError } from "../../../infra/errors.js";
import { isLoopbackHost } from "../../../infra/outbound/address-ranges.js";
import { type GuardedFetch, createGuardedFetch } from "../../../infra/outbound/guarded-fetch.js";

export { isLoopbackHost };

const MAX_URL_LENGTH = 2_048;

/**
 * The transport for one endpoint. A test key's loopback endpoint (a receiver on the developer's
 * machine) goes through a guard that admits loopback literally and resolves nothing, and only
 * where the deployment turned loopback webhooks on (a server on the developer's own machine):
 * on a shared server a test key would otherwise reach every port of the server itself. Every
 * other URL goes through the deployment's guard, which resolves the name and refuses private,
 * loopback, link-local and metadata addresses on every attempt (DNS can change after
 * registration), as it refuses an endpoint registered before the setting was turned off.
 */
export function webhookTransport(guarded: GuardedFetch, mode: "test" | "live", url: URL, loopbackAllowed: boolean): GuardedFetch {
  if (mode === "test" && loopbackAllowed && isLoopbackHost(url)) {
    return createGuardedFetch({ resolve: async () => [], fetch: (input, init) => fetch(input, init), allowLoopbackHttp: true });
  }
  return guarded;
}

/**
 * Registration rules: a complete URL (`invalid_webhook_url`), https (`webhook_https_required`;
 * plain http only for localhost with a test key), no credentials in it (they would show in every
 * log), and, outside a test key's loopback, an address the outbound guard accepts
 * (`url_unreachable`, one answer for every cause so the check cannot map a private network).
 * A test key's loopback URL where the deployment has loopback webhooks off is
 * `webhook_loopback_disabled`: the URL's own text says loopback, so naming it reveals nothing.
 */
export async function checkWebhookUrl(guarded: GuardedFetch, mode: "test" | "live", raw: string, loopbackAllowed: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError("invalid_webhook_url", { param: "url", message: `\`url\` is not a complete URL: ${raw.slice(0, 100)}`, beforeExecution: true });
  }
  if (raw.length > MAX_URL_LENGTH) {
    throw new ApiError("invalid_webhook_url", {
      param: "url",
      message: `\`url\` is longer than ${MAX_URL_LENGTH} characters.`,
      fix: `Send an absolute https URL of at most ${MAX_URL_LENGTH} characters.`,
      beforeExecution: true,
    });
  }
  if (url.username || url.password) {
    throw new ApiError("invalid_webhook_url", {
      param: "url",
      message: "`url` carries a user name or password.",
      fix: "Remove the credentials from the URL: verify deliveries with the `service-signature` header and the endpoint secret instead.",
      beforeExecution: true,
    });
  }
  if (mode === "test" && isLoopbackHost(url) && !loopbackAllowed) {
    throw new ApiError("webhook_loopback_disabled", {
      param: "url",
      message: `\`url\` points at this server's own loopback interface (${url.hostname}), and this server does not deliver webhooks there.`,
      beforeExecution: true,
    });
  }
  const loopbackForTest = mode === "test" && loopbackAllowed && isLoopbackHost(url);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopbackForTest)) {
    throw new ApiError("webhook_https_required", {
      param: "url",
      message: `\`url\` must use https (received ${url.protocol.replace(":", "")}).`,
      fix: mode === "test" && loopbackAllowed ? "Use an https:// URL; plain http is accepted only for localhost, 127.0.0.1 or [::1] with a test key." : "Use an https:// URL.",
      beforeExecution: true,
    });
  }
  if (!loopbackForTest) await guarded.check(url.toString(), "url");
  return url.toString();
}
