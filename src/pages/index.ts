import { Hono } from "hono";
import type { AppEnv } from "../http/context.js";

/** Public, server-rendered pages: the hosted connect page, OAuth callbacks, and the sandbox networks' pages for browsers. */
export const pageRoutes = new Hono<AppEnv>();
