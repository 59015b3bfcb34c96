import type { MiddlewareHandler } from "hono";
import { ApiError } from "../infra/errors.js";
import type { AppEnv } from "./context.js";

/**
 * For operations whose description takes no request body: a body is refused (400 `field_unknown`)
 * rather than silently ignored, so a client that thinks it is sending options learns it is not,
 * and the server never accepts what its OpenAPI document says it refuses.
 */
export function noBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Not every request names its length (a stream, or a Request built in-process), so read it.
    // Whitespace alone counts as no body, as for the JSON routes (an empty body reads as `{}`).
    // Read through HonoRequest's cache: the idempotency middleware may have read the body already
    // (its fingerprint), and the raw stream cannot be read or cloned twice.
    if (c.req.raw.body !== null && (await c.req.text()).trim() !== "") {
      throw new ApiError("field_unknown", { param: "body", message: "This operation takes no request body.", fix: "Send the request without a body; its options are in the path and query." });
    }
    await next();
  };
}
