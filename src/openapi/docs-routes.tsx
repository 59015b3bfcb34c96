import { type Handler, Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { generateSpecs } from "hono-openapi";
import { publicLimit } from "../http/auth.js";
import type { AppEnv } from "../http/context.js";
import { ApiError } from "../infra/errors.js";
import { openApiDocumentation } from "./document.js";
import { type DocumentWithExamples, completeExamples } from "./examples.js";
import { platformOptionsComponents } from "./platform-options.js";
import type { ReferenceSite } from "./reference/site.js";

type Document = DocumentWithExamples & { info: { title: string; version: string } } & Record<string, unknown>;

// Files change only with a release; a day keeps reloads cheap without pinning old copies long.
// Pages are cheaper to refetch, so an hour.
const ASSET_CACHE = "public, max-age=86400";
const PAGE_CACHE = "public, max-age=3600";

const gzipOrDeflate = compress();

/**
 * The document (about 1 MB of JSON) and the reference's pages compress to a fraction: gzip or
 * deflate as Accept-Encoding asks, on Node. Where the platform compresses every answer itself
 * (Workers), a body compressed here would be compressed a second time, so it is left alone.
 */
const compressed: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.var.deps.platformCompresses) return next();
  return gzipOrDeflate(c, next);
};

/** The server entry names the origin it was reached at (or CHORUS_PUBLIC_URL), not a fixed local port. */
function withThisServer(document: Document, baseUrl: string): Document {
  return { ...document, servers: [{ url: "/", description: `This server (${baseUrl})` }] };
}

/** Paths of the reference itself, left out of the API's description. */
const REFERENCE_PATHS = ["/openapi.json", "/docs", "/docs/assets/:file", "/docs/search.json", "/docs/errors", "/docs/operations/:id", "/docs/guides/:slug", "/"];

/**
 * `/openapi.json` and the reference at `/docs`, both from the document generated from the routes'
 * own valibot schemas the first time it is asked for and kept for the life of the process (or
 * isolate). The reference is rendered here, on the server, as plain HTML pages (an index, one page
 * per operation, the errors, the guides) with one small script for search and try-it; its code is
 * imported on the first /docs request, so an isolate that never serves it never loads it.
 */
export function docsRoutes(app: Hono<AppEnv>): Hono<AppEnv> {
  let cached: Promise<Document> | null = null;
  let reference: Promise<{ site: ReferenceSite; assets: Record<string, { body: string; type: string }>; csp: string }> | null = null;
  const documentation = {
    ...openApiDocumentation,
    components: { ...openApiDocumentation.components, schemas: platformOptionsComponents() },
  };
  const spec = () =>
    (cached ??= (
      generateSpecs(app, {
        documentation,
        defaultValidationErrorResponse: false,
        exclude: REFERENCE_PATHS,
      } as never) as unknown as Promise<Document>
    ).then(completeExamples));
  const site = () =>
    (reference ??= Promise.all([spec(), import("./reference/site.js"), import("./reference/assets.js")]).then(([document, module, assets]) => ({
      site: new module.ReferenceSite(document as never),
      assets: assets.referenceAssets,
      csp: assets.DOCS_CSP,
    })));

  const page =
    (render: (site: ReferenceSite, param: (name: string) => string) => Promise<string> | undefined): Handler<AppEnv> =>
    async (c) => {
      const { site: pages, csp } = await site();
      c.header("content-security-policy", csp);
      const html = render(pages, (name) => c.req.param(name) ?? "");
      if (!html) {
        c.header("cache-control", "no-store");
        return c.html(await pages.notFound(), 404);
      }
      c.header("cache-control", PAGE_CACHE);
      return c.html(await html);
    };

  return new Hono<AppEnv>()
    .get("/openapi.json", publicLimit(), compressed, async (c) => c.json(withThisServer(await spec(), c.var.baseUrl)))
    .get(
      "/docs",
      publicLimit(),
      compressed,
      page((pages) => pages.index()),
    )
    .get(
      "/docs/errors",
      publicLimit(),
      compressed,
      page((pages) => pages.errors()),
    )
    .get(
      "/docs/operations/:id",
      publicLimit(),
      compressed,
      page((pages, param) => pages.operation(param("id"))),
    )
    .get(
      "/docs/guides/:slug",
      publicLimit(),
      compressed,
      page((pages, param) => pages.guide(param("slug"))),
    )
    .get("/docs/search.json", publicLimit(), compressed, async (c) => {
      const { site: pages } = await site();
      c.header("cache-control", PAGE_CACHE);
      c.header("content-type", "application/json; charset=utf-8");
      return c.body(pages.searchIndex());
    })
    .get("/docs/assets/:file", publicLimit(), compressed, async (c) => {
      const { assets } = await site();
      const file = c.req.param("file");
      const asset = Object.hasOwn(assets, file) ? assets[file] : undefined;
      // Not c.notFound(): the app answers a known path pattern with 405, and this file does not exist.
      if (!asset) throw new ApiError("route_not_found");
      c.header("content-type", asset.type);
      c.header("cache-control", ASSET_CACHE);
      c.header("x-content-type-options", "nosniff");
      return c.body(asset.body);
    })
    .get("/", publicLimit(), (c) => c.redirect("/docs", 302));
}
