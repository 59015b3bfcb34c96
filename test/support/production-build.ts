import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { promisify } from "node:util";
import { withDirectoryLock } from "./directory-lock.js";
import { buildIsCurrent, STAMP, sourceFingerprint } from "../../scripts/production-build.mjs";

const exec = promisify(execFile);

let building: Promise<"built" | "reused"> | null = null;

/**
 * `npm run build` once per change of the sources: dist/ is reused when it was built from exactly
 * the sources, settings and lockfile present now (the second Node version in CI, a local rerun),
 * since tsc's output does not depend on the Node that runs it. Says which it did.
 */
export function ensureProductionBuild(): Promise<"built" | "reused"> {
  // Test files in other processes may ask at the same time: one builds (the build empties dist/
  // first), the others wait for it and find dist/ current.
  building ??= withDirectoryLock(".tmp-dist-build-lock", async () => {
    const fingerprint: string = sourceFingerprint();
    if (buildIsCurrent(fingerprint)) return "reused" as const;
    await exec("npm", ["run", "--silent", "build"]);
    writeFileSync(STAMP, fingerprint);
    return "built" as const;
  });
  return building;
}
