import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "./context.js";
import { hasInvalidCharacters } from "../infra/well-formed-text.js";
import { inputProblemError } from "./input-limits.js";

/** `:id`, `:id{[0-9]+}`, `:id?` → `id`; anything else (a literal, `*`) is just the path. */
function segmentName(pattern: string | undefined): string {
  const match = pattern ? /^:([A-Za-z0-9_]+)/.exec(pattern) : null;
  return match?.[1] ?? "path";
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // Malformed percent-encoding stays as sent: it is text, just not an escape.
    return segment;
  }
}

/**
 * Refuses a NUL or an unpaired surrogate anywhere in the URL, for every route (API, pages, the
 * sandbox's pages), before anything reads it: path parameters reach database lookups and query
 * values reach stored state. JSON bodies are checked where they are parsed (validate.ts). The
 * path parameter is named from the route that matched, so `/v1/posts/%00` answers `param: "id"`.
 */
export function refuseUnsafeUrl(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // The request's URL is already parsed to its serialised form, which percent-encodes every
    // control and non-ASCII character: with no `%` left in it there is nothing to decode or refuse.
    if (!c.req.url.includes("%")) return next();
    const url = new URL(c.req.url);
    const segments = url.pathname.split("/");
    const patterns = routePath(c, -1).split("/");
    segments.forEach((segment, index) => {
      if (segment.includes("%") && hasInvalidCharacters(decodeSegment(segment))) {
        throw inputProblemError({ kind: "characters", param: segmentName(patterns[index]) });
      }
    });
    for (const [name, value] of url.searchParams) {
      if (hasInvalidCharacters(name)) throw inputProblemError({ kind: "characters", param: null });
      if (hasInvalidCharacters(value)) throw inputProblemError({ kind: "characters", param: name });
    }
    await next();
  };
}
