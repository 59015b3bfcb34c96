import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);

/** What the compiled output depends on: the sources, the compiler settings and the compiler's version (the lockfile). */
const INPUTS = ["tsconfig.json", "tsconfig.build.json", "package.json", "package-lock.json"];
/** Written into dist/ after a build: the fingerprint of the inputs it was built from. */
const STAMP = join("dist", ".source-hash");

function sourceFingerprint(): string {
  const hash = createHash("sha256");
  const files = readdirSync("src", { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  for (const file of [...files, ...INPUTS]) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

let building: Promise<"built" | "reused"> | null = null;

/**
 * `npm run build` once per change of the sources: dist/ is reused when it was built from exactly
 * the sources, settings and lockfile present now (the second Node version in CI, a local rerun),
 * since tsc's output does not depend on the Node that runs it. Says which it did.
 */
export function ensureProductionBuild(): Promise<"built" | "reused"> {
  building ??= (async () => {
    const fingerprint = sourceFingerprint();
    if (existsSync(join("dist", "server.js")) && existsSync(STAMP) && readFileSync(STAMP, "utf8") === fingerprint) return "reused";
    await exec("npm", ["run", "--silent", "build"]);
    writeFileSync(STAMP, fingerprint);
    return "built";
  })();
  return building;
}
