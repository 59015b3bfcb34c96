import { docsScript } from "./client-script.js";
import { DOCS_CSP } from "./layout.js";
import { docsStylesheet } from "./stylesheet.js";

export { DOCS_CSP };

/** The reference's own files under /docs/assets/: its one script and one stylesheet, nothing else. */
export const referenceAssets: Record<string, { body: string; type: string }> = {
  "docs.js": { body: docsScript, type: "text/javascript; charset=utf-8" },
  "docs.css": { body: docsStylesheet, type: "text/css; charset=utf-8" },
};
