import { Hono } from "hono";
import type { AppEnv } from "../../../http/context.js";

/** POST and GET /v1/connect-link: signed links to the hosted connect page. */
export const connectLinkRoutes = new Hono<AppEnv>();
