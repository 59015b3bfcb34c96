import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { DashboardScriptSource } from "../infra/assets/dashboard-assets.js";

/** htmx read once from the installed `htmx.org` package. */
export function nodeDashboardScript(): DashboardScriptSource {
  const dir = dirname(createRequire(import.meta.url).resolve("htmx.org/package.json"));
  let text: Promise<string> | null = null;
  return () => (text ??= readFile(join(dir, "dist", "htmx.min.js"), "utf8"));
}
