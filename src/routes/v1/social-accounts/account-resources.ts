import { Hono } from "hono";
import type { AppEnv } from "../../../http/context.js";

/** Per-account network reads and settings (targets, publish-info, allowance, profile, webhook, …). */
export const accountResourceRoutes = new Hono<AppEnv>();
