// `npm start`: the server from compiled JavaScript, built first when the sources changed. Running
// the sources through tsx instead kept its transformed copies in memory: 281-291 MB idle against
// 245-259 MB compiled (bench/idle-memory.ts). `npm install` builds once ahead (the prepare script),
// so a first start answers at once.
//   node scripts/start.mjs               build if stale, then run dist/server.js in this process
//   node scripts/start.mjs --build-only  build if stale; a failure warns instead of failing (install)
import { buildIfStale } from "./production-build.mjs";

const buildOnly = process.argv.includes("--build-only");
try {
  if (buildIfStale() === "built") console.log("Built dist/ from the current sources.");
} catch (error) {
  if (!buildOnly) throw error;
  console.warn(`dist/ could not be built now (${error instanceof Error ? error.message : error}); npm start will try again and show why.`);
}
if (!buildOnly) await import("../dist/server.js");
