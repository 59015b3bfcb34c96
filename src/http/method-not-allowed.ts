import type { Hono } from "hono";
import type { AppEnv } from "./context.js";

function toPattern(path: string): RegExp {
  const escaped = path
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part === "*" ? ".*" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return new RegExp(`^${escaped}/?$`);
}

/**
 * The methods the app serves on a path, so an unknown method on a known path is a 405 with
 * `Allow` rather than a misleading 404.
 */
export function allowedMethods(app: Hono<AppEnv>): (path: string) => string[] {
  let table: { pattern: RegExp; method: string }[] | null = null;
  return (path) => {
    table ??= app.routes.filter((r) => r.method !== "ALL" && !r.path.endsWith("*")).map((r) => ({ pattern: toPattern(r.path), method: r.method }));
    return [...new Set(table.filter((r) => r.pattern.test(path)).map((r) => r.method))];
  };
}
