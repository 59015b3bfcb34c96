import { Hono } from "hono";
import * as v from "valibot";
import { serveMedia } from "../domain/publishing/index.js";
import type { AppEnv } from "../http/context.js";
import { handleError } from "../http/error-handler.js";
import { ApiError } from "../infra/errors.js";
import { withRuntime } from "./runtime.js";

// Uploads (`med_`) and the variants autoFix derived from them (`mvr_`).
const MediaId = v.pipe(v.string(), v.regex(/^(med|mvr)_[A-Za-z0-9]{1,60}$/));

/**
 * Signed, expiring public URLs of uploaded media: `GET|HEAD /media/<id>?exp=&sig=`, fetched by
 * the networks that pull media (no API key; the signature is the grant). Errors are the API's
 * JSON envelope, not a page: the reader is a network's fetcher, not a person.
 *
 * No per-address limit: a network fetches many files from few addresses, a wrong signature
 * costs one HMAC and no database query, and a right one serves only what we chose to publish.
 */
export const mediaPageRoutes = new Hono<AppEnv>();
// Before the route is added: Hono wraps each route with its sub-app's error handler when mounted.
mediaPageRoutes.onError(handleError);
mediaPageRoutes.get("/media/:id", (c) =>
  withRuntime(c, async (runtime) => {
    const id = v.safeParse(MediaId, c.req.param("id"));
    if (!id.success) throw new ApiError("media_url_invalid", { message: "This media URL is not valid: it was altered, or was not made by this server." });
    return serveMedia({
      runtime,
      input: { id: id.output, exp: c.req.query("exp"), sig: c.req.query("sig"), range: c.req.header("range"), method: c.req.method === "HEAD" ? "HEAD" : "GET" },
    });
  }),
);
