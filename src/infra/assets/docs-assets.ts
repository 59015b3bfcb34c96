/**
 * The reference renderer's files (Swagger UI's browser bundle and stylesheet, from the
 * `swagger-ui-dist` package), served by Chorus itself under /docs/assets/ so /docs needs no CDN.
 * Where the bytes come from depends on the runtime: node_modules on Node
 * (src/node/docs-assets.ts), modules bundled into the Worker on Workers (src/openapi/worker-docs-assets.ts).
 */
export const rendererFiles = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
} as const;

export type RendererFile = keyof typeof rendererFiles;

/** Reads one of the renderer's files; undefined when this runtime was built without them. */
export type DocsAssetSource = (file: RendererFile) => Promise<string | undefined>;

export function isRendererFile(name: string): name is RendererFile {
  return Object.hasOwn(rendererFiles, name);
}
