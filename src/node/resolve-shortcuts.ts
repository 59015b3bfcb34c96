import { existsSync, readFileSync, realpathSync } from "node:fs";
import * as nodeModule from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Node 24 re-parses a package's whole `exports` map each time it looks up the package's "type" for a
 * file it resolves (the package.json reader spreads an object whose `exports` is a lazy getter).
 * drizzle-orm's package.json is 179 KB and its ESM build is 448 files, so loading the server or
 * the CLI on Node 24 spent about 1.6 s of CPU and 300 MB parsing it again and again (Node 20: none of
 * that). A relative import of an existing `.js` file needs no package lookup beyond the nearest
 * package.json's "type", which this reads once per folder. A bare specifier ("drizzle-orm/pg-core")
 * is resolved by Node once per place that resolves alike (`resolutionAnchor`) and answered from
 * memory after: the server on PostgreSQL resolves 615 of them while it loads, of which 549 repeat,
 * and their parsing left Node 24's heap 20 MB larger at idle. Everything else goes to Node unchanged.
 */

export type ModuleFormat = "module" | "commonjs";

const typeByFolder = new Map<string, ModuleFormat | null>();

/**
 * The "type" a `.js` file in `folder` is loaded as, when its nearest package.json says so
 * explicitly. Null when it says nothing: Node then detects the syntax (Node 22.12+), which only
 * Node's own resolver should decide.
 */
export function declaredPackageType(folder: string): ModuleFormat | null {
  const known = typeByFolder.get(folder);
  if (known !== undefined) return known;
  const file = join(folder, "package.json");
  let type: ModuleFormat | null;
  if (existsSync(file)) {
    type = typeField(file);
  } else {
    const parent = dirname(folder);
    type = parent === folder ? null : declaredPackageType(parent);
  }
  typeByFolder.set(folder, type);
  return type;
}

function typeField(file: string): ModuleFormat | null {
  try {
    const type = (JSON.parse(readFileSync(file, "utf8")) as { type?: unknown }).type;
    return type === "module" || type === "commonjs" ? type : null;
  } catch {
    return null;
  }
}

/** What Node's resolver answers for `./x.js` or `../x.js` from a file: URL, or null to ask Node itself. */
export function resolveRelativeJs(specifier: string, parentURL: string | undefined): { url: string; format: ModuleFormat } | null {
  if (!(specifier.startsWith("./") || specifier.startsWith("../")) || !specifier.endsWith(".js")) return null;
  if (!parentURL?.startsWith("file:")) return null;
  const url = new URL(specifier, parentURL);
  if (url.search || url.hash) return null;
  const path = fileURLToPath(url);
  // Node answers a file's real path; a missing file or a link is left to it.
  if (realPath(path) !== path) return null;
  const format = declaredPackageType(dirname(path));
  return format ? { url: url.href, format } : null;
}

function realPath(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

const anchorByFolder = new Map<string, string>();

/**
 * The nearest folder, from `folder` up, holding a package.json or a node_modules folder. Node
 * resolves a bare specifier by its package scope (the nearest package.json: self-references and
 * `#imports`) and by the node_modules folders from the importing file's folder up, so every folder
 * below one anchor, down to the next, resolves the same specifier to the same file.
 */
export function resolutionAnchor(folder: string): string {
  const known = anchorByFolder.get(folder);
  if (known !== undefined) return known;
  const parent = dirname(folder);
  const anchor = parent === folder || existsSync(join(folder, "package.json")) || existsSync(join(folder, "node_modules")) ? folder : resolutionAnchor(parent);
  anchorByFolder.set(folder, anchor);
  return anchor;
}

interface ResolveContext {
  parentURL?: string;
  conditions?: readonly string[];
  importAttributes?: Record<string, string>;
}

/** Where a bare specifier's answer is kept: null for anything else (relative, absolute, a URL or `node:`). */
export function bareResolutionKey(specifier: string, context: ResolveContext): string | null {
  if (/^[./]/.test(specifier) || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(specifier)) return null;
  if (!context.parentURL?.startsWith("file:")) return null;
  const anchor = resolutionAnchor(dirname(fileURLToPath(context.parentURL)));
  return [specifier, anchor, (context.conditions ?? []).join(","), JSON.stringify(context.importAttributes ?? {})].join("\0");
}

type ResolveHook = (specifier: string, context: ResolveContext, next: (specifier: string, context: unknown) => unknown) => unknown;
type RegisterHooks = (hooks: { resolve: ResolveHook }) => unknown;

/**
 * Installs both shortcuts in this thread, for the modules imported after it. Node 20 has no
 * `module.registerHooks` (nor the slow lookup): there it does nothing and says so.
 */
export function registerResolveShortcuts(): boolean {
  const register = (nodeModule as unknown as { registerHooks?: RegisterHooks }).registerHooks;
  if (!register) return false;
  const bareAnswers = new Map<string, object>();
  register({
    resolve(specifier, context, next) {
      const resolved = resolveRelativeJs(specifier, context.parentURL);
      if (resolved) return { ...resolved, shortCircuit: true };
      const key = bareResolutionKey(specifier, context);
      if (key === null) return next(specifier, context);
      const known = bareAnswers.get(key);
      if (known) return { ...known, shortCircuit: true };
      const answer = next(specifier, context);
      // A failure throws before anything is kept: Node says why each time.
      if (answer && typeof answer === "object") bareAnswers.set(key, answer);
      return answer;
    },
  });
  return true;
}
