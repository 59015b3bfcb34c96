import { Hono, type MiddlewareHandler } from "hono";
import { compress } from "hono/compress";
import { generateSpecs } from "hono-openapi";
import { publicLimit } from "../http/auth.js";
import type { AppEnv } from "../http/context.js";
import { ApiError } from "../infra/errors.js";
import { type DocsAssetSource, isRendererFile, rendererFiles } from "../infra/assets/docs-assets.js";
import { docsScript, docsStylesheet } from "./docs-page-assets.js";
import { DOCS_CSP, DocsPage } from "./docs-page.js";
import { openApiDocumentation } from "./document.js";
import { type DocumentWithExamples, completeExamples } from "./examples.js";
import { platformOptionsComponents } from "./platform-options.js";

type Document = DocumentWithExamples & { info: { title: string; version: string } } & Record<string, unknown>;

const ownFiles: Record<string, { body: string; type: string }> = {
  "docs.js": { body: docsScript, type: "text/javascript; charset=utf-8" },
  "docs.css": { body: docsStylesheet, type: "text/css; charset=utf-8" },
};

async function readAsset(file: string, renderer: DocsAssetSource | undefined): Promise<{ body: string; type: string } | undefined> {
  if (Object.hasOwn(ownFiles, file)) return ownFiles[file];
  if (!isRendererFile(file)) return undefined;
  const body = await renderer?.(file);
  return body === undefined ? undefined : { body, type: rendererFiles[file] };
}

// The files change only with a release; a day keeps reloads cheap without pinning old copies long.
const ASSET_CACHE = "public, max-age=86400";

const gzipOrDeflate = compress();

/**
 * The document (about 1 MB of JSON) and the renderer's bundle compress to a fraction: gzip or
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

/**
 * `/openapi.json`, `/docs` and the files /docs loads, the document generated from the routes' own
 * valibot schemas the first time it is asked for and kept for the life of the process (or isolate).
 */
export function docsRoutes(app: Hono<AppEnv>): Hono<AppEnv> {
  let cached: Promise<Document> | null = null;
  const documentation = {
    ...openApiDocumentation,
    components: { ...openApiDocumentation.components, schemas: platformOptionsComponents() },
  };
  const spec = () =>
    (cached ??= (
      generateSpecs(app, {
        documentation,
        defaultValidationErrorResponse: false,
        exclude: ["/openapi.json", "/docs", "/docs/assets/:file", "/"],
      } as never) as unknown as Promise<Document>
    ).then(completeExamples));

  return new Hono<AppEnv>()
    .get("/openapi.json", publicLimit(), compressed, async (c) => c.json(withThisServer(await spec(), c.var.baseUrl)))
    .get("/docs", publicLimit(), compressed, (c) => {
      c.header("content-security-policy", DOCS_CSP);
      return c.html(<DocsPage title={openApiDocumentation.info.title} version={openApiDocumentation.info.version} />);
    })
    .get("/docs/assets/:file", publicLimit(), compressed, async (c) => {
      const asset = await readAsset(c.req.param("file"), c.var.deps.docsAssets);
      // Not c.notFound(): the app answers a known path pattern with 405, and this file does not exist.
      if (!asset) throw new ApiError("route_not_found");
      c.header("content-type", asset.type);
      c.header("cache-control", ASSET_CACHE);
      c.header("x-content-type-options", "nosniff");
      return c.body(asset.body);
    })
    .get("/", publicLimit(), (c) => c.redirect("/docs", 302));
}
