// dist/ built once per change of what it is compiled from: the sources, the compiler settings and
// the lockfile (the compiler's version). `npm start`, `npm install` (prepare) and the tests share it.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const INPUTS = ["tsconfig.json", "tsconfig.build.json", "package.json", "package-lock.json"];
/** Written into dist/ after a build: the fingerprint of the inputs it was built from. */
export const STAMP = join("dist", ".source-hash");

export function sourceFingerprint() {
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

/** True when dist/ was built from exactly the inputs present now. */
export function buildIsCurrent(fingerprint = sourceFingerprint()) {
  return existsSync(join("dist", "server.js")) && existsSync(STAMP) && readFileSync(STAMP, "utf8") === fingerprint;
}

/** Builds dist/ unless it is current; says which it did. Throws when the compiler fails. */
export function buildIfStale() {
  const fingerprint = sourceFingerprint();
  if (buildIsCurrent(fingerprint)) return "reused";
  execFileSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
  writeFileSync(STAMP, fingerprint);
  return "built";
}
