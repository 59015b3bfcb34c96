import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { DocsAssetSource, RendererFile } from "../infra/assets/docs-assets.js";

/** The renderer's files read from the installed `swagger-ui-dist` package, each read once. */
export function nodeDocsAssets(): DocsAssetSource {
  const dir = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  const cache = new Map<RendererFile, Promise<string>>();
  return (file) => {
    let text = cache.get(file);
    if (!text) {
      text = readFile(join(dir, file), "utf8");
      cache.set(file, text);
    }
    return text;
  };
}
