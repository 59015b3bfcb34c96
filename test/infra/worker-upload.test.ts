import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformIds } from "../../src/networks/registry.js";
import { workerBundle } from "../support/worker-bundle.js";
import { readUpload, workerdModules } from "../support/worker-upload.js";

/**
 * The upload `wrangler deploy` sends (built with `--dry-run`, test/support/worker-bundle.ts), run
 * as it is in a local workerd. The workers tests run the sources through the vitest pool, which
 * bundles nothing; this is where the modules the entry imports on first use (the dashboard's
 * htmx, the sandbox's simulators) are shown to resolve inside the deployed upload. The database is
 * never reached: these requests need none.
 */
let mf: Miniflare;
let entryText = "";
/** The specifier src/worker.ts imports the simulators with, as it stands in the bundled entry. */
const SIMULATORS = "./sandbox/worker-module/simulators.mjs";

beforeAll(async () => {
  const upload = await readUpload((await workerBundle()).file);
  entryText = new TextDecoder().decode(upload.parts.find((part) => part.name === upload.mainModule)?.content);
  // The simulators are imported from the entry's folder with the entry's own specifier, as the
  // entry does on a test key's first request (which would need the database).
  const probe = `import worker from "./${upload.mainModule}";
export default {
  async fetch(request, env, ctx) {
    if (new URL(request.url).pathname !== "/simulators") return worker.fetch(request, env, ctx);
    const { loadSimulatorFactories } = await import("${SIMULATORS}");
    return new Response(Object.keys(await loadSimulatorFactories(${JSON.stringify(platformIds)})).join(","));
  },
};`;
  mf = new Miniflare({
    compatibilityDate: upload.compatibilityDate,
    compatibilityFlags: upload.compatibilityFlags,
    modulesRoot: "/",
    modules: [{ type: "ESModule", path: "/probe.js", contents: probe }, ...workerdModules(upload)],
    bindings: {
      DATABASE_URL: "postgresql://nobody@127.0.0.1:9/never-opened",
      CHORUS_ENCRYPTION_KEYS: "test:AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8",
      CHORUS_SIGNING_SECRET: "worker-upload-test-signing-secret-0123456789",
      LOG_LEVEL: "error",
    },
    r2Buckets: ["MEDIA"],
  });
}, 180_000);

afterAll(async () => {
  await mf?.dispose();
});

describe("the Worker upload in workerd", () => {
  it("imports the simulators module the entry names", async () => {
    expect(entryText).toContain(`import("${SIMULATORS}")`);
    const response = await mf.dispatchFetch("http://example.com/simulators");
    expect((await response.text()).split(",").sort()).toEqual(["bluesky", "facebook", "googlebusiness", "instagram", "linkedin", "pinterest", "threads", "tiktok", "twitter", "youtube"]);
  });

  it("serves the reference's own files and htmx (from the text module it imports on first use)", async () => {
    for (const [path, type, start] of [
      ["/docs/assets/docs.css", "text/css", "*,*::before"],
      ["/docs/assets/docs.js", "text/javascript", '"use strict"'],
      ["/dashboard/assets/htmx.min.js", "text/javascript", "var htmx"],
    ] as const) {
      const response = await mf.dispatchFetch(`http://example.com${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type"), path).toContain(type);
      expect(await response.text(), path).toMatch(new RegExp(`^${start.replace(/[.*/!]/g, "\\$&")}`));
    }
  });
});
