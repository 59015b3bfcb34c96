import { Hono } from "hono";
import * as v from "valibot";
import { forwardToSandbox } from "../domain/accounts/index.js";
import type { AppEnv } from "../http/context.js";
import { ApiError } from "../infra/errors.js";
import { withRuntime } from "./runtime.js";

const Host = v.pipe(v.string(), v.maxLength(253), v.regex(/^[a-z0-9.-]+$/));

/**
 * The simulated networks' consent screens, served under our own origin because their real hosts
 * cannot be: /sandbox/x.com/i/oauth2/authorize is x.com's authorize page as the X simulator
 * answers it. Only that page of a running test connect attempt is served (see forwardToSandbox);
 * every other simulator route answers 404 here and is reached only in process, with a test key.
 */
export const sandboxPageRoutes = new Hono<AppEnv>().all("/sandbox/:host/*", (c) =>
  withRuntime(c, async (runtime) => {
    const host = v.safeParse(Host, c.req.param("host"));
    if (!host.success) throw new ApiError("route_not_found", { message: "No simulated network has this host." });
    const url = new URL(c.req.url);
    const prefix = `/sandbox/${host.output}`;
    const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) || "/" : "/";
    const hasBody = c.req.method !== "GET" && c.req.method !== "HEAD";
    return forwardToSandbox({
      runtime,
      input: { host: host.output, path, search: url.search, method: c.req.method, headers: c.req.raw.headers, body: hasBody ? await c.req.arrayBuffer() : null },
    });
  }),
);
