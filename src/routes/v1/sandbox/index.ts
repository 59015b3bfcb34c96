import { Hono } from "hono";
import type { AppEnv } from "../../../http/context.js";

/** Test-key-only controls of the sandbox networks (making an account misbehave). */
export const sandboxControlRoutes = new Hono<AppEnv>();
