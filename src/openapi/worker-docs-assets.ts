import type { DocsAssetSource } from "../infra/assets/docs-assets.js";

// Text modules in the Worker upload (wrangler.toml `[[rules]] type = "Text"`), so /docs needs no CDN
// on Workers either. Imported on the first /docs request, never at start-up: the renderer is
// 1.9 MB of text that most isolates never serve, and a module the entry imports statically is
// loaded with it when the isolate starts.
export const workerDocsAssets: DocsAssetSource = async (file) => {
  const module = file === "swagger-ui-bundle.js" ? await import("swagger-ui-dist/swagger-ui-bundle.js") : await import("swagger-ui-dist/swagger-ui.css");
  return module.default;
};
