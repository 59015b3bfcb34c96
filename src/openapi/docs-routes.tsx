import { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import { publicLimit } from "../http/auth.js";
import type { AppEnv } from "../http/context.js";
import { DocsPage, type OpenApiLike } from "./docs-page.js";
import { openApiDocumentation } from "./document.js";

/**
 * `/openapi.json` and `/docs`, generated from the routes' own valibot schemas the first time
 * they are asked for and kept for the life of the process (or isolate).
 */
export function docsRoutes(app: Hono<AppEnv>): Hono<AppEnv> {
  let cached: Promise<OpenApiLike & Record<string, unknown>> | null = null;
  const spec = () =>
    (cached ??= generateSpecs(app, {
      documentation: openApiDocumentation,
      defaultValidationErrorResponse: false,
      exclude: ["/openapi.json", "/docs", "/"],
    } as never) as unknown as Promise<OpenApiLike & Record<string, unknown>>);

  return new Hono<AppEnv>()
    .get("/openapi.json", publicLimit(), async (c) => c.json(await spec()))
    .get("/docs", publicLimit(), async (c) => c.html(<DocsPage doc={await spec()} />))
    .get("/", publicLimit(), (c) => c.redirect("/docs", 302));
}
