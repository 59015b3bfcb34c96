import * as v from "valibot";
import { ApiError } from "../../infra/errors.js";
import type { PlatformId } from "../../types/platform-ids.js";
import type { PublishMedia, PublishResult } from "../publish-types.js";

/**
 * Publishing pieces the three Meta adapters share (Facebook Pages, Instagram, Threads): reading
 * `platformOptions` values safely, the poll tokens of asynchronous publishes, and the text
 * fingerprint a poll token carries so a publish whose answer was lost can still be found.
 */

/** Reads one `platformOptions.<platform>` value, refusing a value of the wrong type with `option_invalid`. */
export function optionReader(platform: PlatformId, options: Record<string, unknown>) {
  const refuse = (name: string, expected: string) =>
    new ApiError("option_invalid", {
      platform,
      param: `platformOptions.${platform}.${name}`,
      message: `platformOptions.${platform}.${name} must be ${expected}.`,
      beforeExecution: true,
    });
  return {
    string(name: string): string | undefined {
      const value = options[name];
      if (value === undefined || value === null) return undefined;
      if (typeof value !== "string" || value.trim() === "") throw refuse(name, "a non-empty string");
      return value;
    },
    boolean(name: string): boolean | undefined {
      const value = options[name];
      if (value === undefined || value === null) return undefined;
      if (typeof value !== "boolean") throw refuse(name, "true or false");
      return value;
    },
    integer(name: string): number | undefined {
      const value = options[name];
      if (value === undefined || value === null) return undefined;
      if (typeof value !== "number" || !Number.isInteger(value) || value < 0) throw refuse(name, "a whole number of at least 0");
      return value;
    },
    /** An array of strings (usernames, country codes, poll options). */
    strings(name: string): string[] | undefined {
      const value = options[name];
      if (value === undefined || value === null) return undefined;
      if (!Array.isArray(value) || !value.every((item): item is string => typeof item === "string" && item.trim() !== "")) {
        throw refuse(name, "an array of non-empty strings");
      }
      return value;
    },
    /** Any JSON array or object, sent to the network as JSON text (tags, trial settings). */
    json(name: string): string | undefined {
      const value = options[name];
      if (value === undefined || value === null) return undefined;
      if (typeof value !== "object") throw refuse(name, "an array or object");
      return JSON.stringify(value);
    },
    refuse,
  };
}

export type OptionReader = ReturnType<typeof optionReader>;

/**
 * A short, stable fingerprint of the text a publish sent (SHA-256, 16 hex digits). A poll token
 * carries it instead of the text: when a publish call's answer is lost, the next poll finds the
 * post among the account's recent posts by comparing fingerprints.
 */
export async function textFingerprint(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text.trim()));
  return [...new Uint8Array(digest)]
    .slice(0, 8)
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}

/**
 * Poll tokens are JSON the adapter alone reads; the poller stores them verbatim. A token that
 * does not parse was not made by this adapter (or by an older one): an internal fault, not the
 * caller's.
 */
export function encodePollToken(token: unknown): string {
  return JSON.stringify(token);
}

export function decodePollToken<S extends v.GenericSchema>(platform: PlatformId, schema: S, token: string): v.InferOutput<S> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(token);
  } catch {
    parsed = undefined;
  }
  const result = v.safeParse(schema, parsed);
  if (!result.success) throw new ApiError("internal_error", { platform, message: `${platform}: a poll token this adapter cannot read` });
  return result.output;
}

/** Graph answers some permalinks as paths (`/{page-id}/videos/{id}/`); people need absolute URLs. */
export function absoluteUrl(link: string | undefined | null, base: string): string | null {
  if (!link) return null;
  try {
    return new URL(link, base).toString();
  } catch {
    return null;
  }
}

/** The caption to send: a media-only post carries a single space, which networks should not see. */
export function captionOf(text: string): string | undefined {
  return text.trim() === "" ? undefined : text;
}

export const isVideo = (media: PublishMedia) => media.kind === "video";

/**
 * How a poll ends on a refusal. Throttling and outages pass within minutes: they are thrown so
 * the poller simply polls again later. Anything else (token gone, permission lost, quota spent,
 * page blocked) will not change by polling again: the target fails with that error.
 */
export function settlePollRefusal(error: unknown): PublishResult {
  if (error instanceof ApiError && error.code !== "rate_limited" && error.code !== "platform_unavailable") return { state: "failed", error };
  throw error;
}
