import { Hono } from "hono";
import type { AppEnv } from "../../../http/context.js";

/** Bring your own app: POST, GET, DELETE /v1/credentials. */
export const credentialRoutes = new Hono<AppEnv>();
