import { execFile } from "node:child_process";
import { createHmac } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServedApp, TMP_DIR, serveTestApp } from "../support/browser.js";
import { type WorkspaceFixture, testWorkspace } from "../support/workspace-fixture.js";

const run = promisify(execFile);
const SDK_DIR = resolve("clients/typescript");

/**
 * `@chorus-api/sdk` as a user gets it: `npm pack` builds the tarball, a scratch project installs it
 * offline (its one dependency, openapi-fetch, and that one's, packed from the repository's own
 * install), a consumer written in TypeScript type-checks against the shipped declarations,
 * and a script run by node calls a live server through it: an answer, pagination across pages,
 * a typed error and a webhook signature check.
 */
describe("the SDK package (clients/typescript)", { timeout: 240_000 }, () => {
  let served: ServedApp;
  let ws: WorkspaceFixture;
  mkdirSync(TMP_DIR, { recursive: true });
  const scratch = mkdtempSync(join(TMP_DIR, "sdk-consumer-"));

  beforeAll(async () => {
    served = await serveTestApp();
    ws = await testWorkspace(served.t);
  }, 60_000);
  afterAll(async () => {
    await served?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("packs, installs offline into a scratch project, type-checks there and works against a live server", async () => {
    const packed = await run("npm", ["pack", "--json", "--pack-destination", scratch], { cwd: SDK_DIR });
    const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("["))) as { filename: string; files: { path: string }[] }[];
    if (!info) throw new Error("npm pack named no tarball");
    const shipped = info.files.map((file) => file.path).sort();
    expect(shipped).toEqual(expect.arrayContaining(["README.md", "dist/index.js", "dist/index.d.ts", "dist/schema.d.ts", "dist/webhooks.js", "package.json"]));
    expect(shipped.some((path) => path.endsWith(".ts") && !path.endsWith(".d.ts"))).toBe(false);

    writeFileSync(join(scratch, "package.json"), JSON.stringify({ name: "sdk-consumer", private: true, type: "module" }));
    // The SDK's dependencies, packed from the repository's own install, so nothing is fetched.
    const dependencies: string[] = [];
    for (const name of ["openapi-fetch", "openapi-typescript-helpers"]) {
      const dep = await run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", scratch, resolve("node_modules", name)], { cwd: scratch });
      dependencies.push(join(scratch, (JSON.parse(dep.stdout.slice(dep.stdout.indexOf("["))) as { filename: string }[])[0]?.filename ?? ""));
    }
    await run("npm", ["install", join(scratch, info.filename), ...dependencies, "--offline", "--no-audit", "--no-fund", "--ignore-scripts"], { cwd: scratch });

    writeFileSync(
      join(scratch, "consumer.ts"),
      `import { type Post, createChorusClient, paginate, unwrap } from "@chorus-api/sdk";
const chorus = createChorusClient({ apiKey: "sk_test_x", baseUrl: process.env.CHORUS_URL });
export async function titles(): Promise<string[]> {
  const out: string[] = [];
  for await (const post of paginate((cursor) => chorus.GET("/v1/posts", { params: { query: { limit: 2, cursor } } }))) out.push((post satisfies Post).id);
  return out;
}
export const me = async () => unwrap(await chorus.GET("/v1/me")).account;
`,
    );
    const checked = await run(
      resolve("node_modules/.bin/tsc"),
      ["--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext", "--target", "es2022", "--lib", "es2023,dom", "consumer.ts"],
      { cwd: scratch },
    ).catch((error: { stdout: string }) => ({ stdout: error.stdout, failed: true }));
    expect("failed" in checked ? checked.stdout : "").toBe("");

    writeFileSync(
      join(scratch, "live.mjs"),
      `import { ChorusApiError, ChorusNotFoundError, createChorusClient, idempotencyKey, paginate, unwrap, verifyWebhookSignature } from "@chorus-api/sdk";
const chorus = createChorusClient({ apiKey: process.env.CHORUS_API_KEY, baseUrl: process.env.CHORUS_URL });
const account = unwrap(await chorus.POST("/v1/social-accounts/connect", { body: { platform: "twitter", handle: "sdkuser" } }));
const created = [];
for (const text of ["one", "two", "three"]) {
  const post = unwrap(await chorus.POST("/v1/posts", { body: { text, accounts: [account.id], draft: true }, params: { header: { "Idempotency-Key": idempotencyKey() } } }));
  created.push(post.id);
}
const listed = [];
for await (const post of paginate((cursor) => chorus.GET("/v1/posts", { params: { query: { limit: 2, cursor } } }))) listed.push(post.id);
let missing = null;
try { unwrap(await chorus.GET("/v1/posts/{id}", { params: { path: { id: "post_missing" } } })); } catch (error) {
  missing = { notFound: error instanceof ChorusNotFoundError, base: error instanceof ChorusApiError, code: error.code, status: error.status };
}
const verified = await verifyWebhookSignature({ payload: process.env.BODY, header: process.env.SIGNATURE, secret: "whsec_test", now: new Date(Number(process.env.T) * 1000) }).then(() => true);
const forged = await verifyWebhookSignature({ payload: process.env.BODY + " ", header: process.env.SIGNATURE, secret: "whsec_test", now: new Date(Number(process.env.T) * 1000) }).then(() => "accepted", (error) => error.name);
console.log(JSON.stringify({ created, listed, missing, verified, forged }));
`,
    );
    const t = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ id: "evt_1", type: "post.published" });
    const signature = `t=${t},v1=${createHmac("sha256", "whsec_test").update(`${t}.${body}`).digest("hex")}`;
    const live = await run("node", ["live.mjs"], { cwd: scratch, env: { ...process.env, CHORUS_URL: served.origin, CHORUS_API_KEY: ws.key, BODY: body, SIGNATURE: signature, T: String(t) } });
    const result = JSON.parse(live.stdout) as { created: string[]; listed: string[]; missing: unknown; verified: boolean; forged: string };
    expect([...result.listed].sort()).toEqual([...result.created].sort());
    expect(result.missing).toEqual({ notFound: true, base: true, code: expect.any(String), status: 404 });
    expect(result.verified).toBe(true);
    expect(result.forged).toBe("WebhookSignatureError");
  });
});
