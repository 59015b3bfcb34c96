import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ensureProductionBuild } from "../support/production-build.js";
import { freePort } from "../support/server-process.js";
import { serverScratch } from "../support/server-scratch.js";
import { firstStartKey } from "../support/http-workspace.js";

/**
 * The production path: `npm run build` compiles src/ to plain JavaScript in dist/, and
 * `node dist/server.js` serves from it with no TypeScript loader, finding the migrations. The
 * build is made once per change of the sources (test/support/production-build.ts): CI's second
 * Node version runs the same dist/ on its own Node.
 */
describe("production build (npm run build, node dist/server.js)", () => {
  const scratch = serverScratch("chorus-prod");

  it("builds, starts as a plain node process on a fresh data folder, migrates and serves", async () => {
    await ensureProductionBuild();
    // The embedded database's template (src/db/pglite-template.ts), which the fresh folder below starts from.
    expect(existsSync("dist/db/pglite-template.tar.gz")).toBe(true);
    const server = await scratch.start({ port: await freePort(), env: { CHORUS_DATA_DIR: scratch.dataDir, DATABASE_URL: "" }, args: ["dist/server.js"] });
    const cmdline = readFileSync(`/proc/${server.pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    expect(cmdline.slice(1)).toEqual(["dist/server.js"]);
    // The first key is printed on a line of its own, which may come just after the server listens.
    const key = await firstStartKey(server.output);
    expect(key).toMatch(/^sk_test_/);
    const response = await fetch(`${server.base}/v1/me/limits`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    expect((await fetch(`${server.base}/docs`)).status).toBe(200);
  }, 240_000);
});
