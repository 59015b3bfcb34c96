import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEMA_FILE, schemaTypes } from "../../clients/typescript/generate.js";
import { type TestApp, anonymous, createTestApp } from "../support/test-app.js";

const run = promisify(execFile);

/** tsc options for one file outside the project, as the project compiles its own. */
const looseFile = ["--noEmit", "--strict", "--skipLibCheck", "--target", "es2022", "--module", "esnext", "--moduleResolution", "bundler", "--lib", "es2023,dom", "--types", "node"];

async function tsc(args: string[]) {
  const result = await run("node_modules/.bin/tsc", args).catch((error: { stdout: string; stderr: string; code: number }) => error);
  return { code: "code" in result ? result.code : 0, output: `${result.stdout}${result.stderr}` };
}

describe("typed TypeScript client (clients/typescript)", () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), "chorus-client-"));
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("schema.d.ts is what openapi-typescript generates from the app's live /openapi.json", async () => {
    const document = await (await anonymous(t.app)("/openapi.json")).json();
    const generated = await schemaTypes(document);
    const committed = readFileSync(SCHEMA_FILE, "utf8");
    expect(committed === generated, "clients/typescript/schema.d.ts is out of date with the API: run `npm run client:generate` and commit the result").toBe(true);
  });

  it("type-checks the README's publishing example against the generated types, and refuses a call the API does not accept", async () => {
    const checked = await tsc(["-p", "clients/typescript/tsconfig.json"]);
    expect(checked.code, checked.output).toBe(0);

    // The README's snippet, as written, type-checks too.
    const readme = readFileSync("README.md", "utf8");
    const section = readme.slice(readme.indexOf("### With the TypeScript SDK"));
    const snippet = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
    expect(snippet).toContain("createChorusClient");
    const readmeFile = join(dir, "readme.ts");
    writeFileSync(readmeFile, snippet.replace('"@chorus-api/sdk"', JSON.stringify(resolve("clients/typescript/index.js"))));
    const readmeChecked = await tsc([...looseFile, readmeFile]);
    expect(readmeChecked.code, readmeChecked.output).toBe(0);

    // A control: a wrong field type and a path the API does not have must be type errors, or the
    // check proves nothing. (openapi-fetch does not flag extra body fields; the API refuses them
    // at run time with field_unknown.)
    const wrong = join(dir, "wrong.ts");
    writeFileSync(
      wrong,
      `import { createChorusClient } from ${JSON.stringify(resolve("clients/typescript/index.js"))};
const chorus = createChorusClient({ apiKey: "sk_test_x" });
export const wrongType = chorus.POST("/v1/posts", { body: { text: 42 } });
export const noSuchPath = chorus.GET("/v1/postz");
`,
    );
    const refused = await tsc([...looseFile, wrong]);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/wrong\.ts\(3,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/);
    expect(refused.output).toMatch(/wrong\.ts\(4,\d+\): error/);
  }, 120_000);
});
