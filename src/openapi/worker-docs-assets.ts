// Bundled into the Worker as text modules (wrangler.toml `[[rules]] type = "Text"`), so the
// reference renderer ships with the deployment and /docs needs no CDN on Workers either.
import bundle from "swagger-ui-dist/swagger-ui-bundle.js";
import stylesheet from "swagger-ui-dist/swagger-ui.css";
import type { DocsAssetSource } from "../infra/assets/docs-assets.js";

const files = { "swagger-ui-bundle.js": bundle, "swagger-ui.css": stylesheet };

export const workerDocsAssets: DocsAssetSource = async (file) => files[file];
