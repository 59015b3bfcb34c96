import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCodes } from "../../src/infra/error-catalogue.js";
import { adapters, platformIds } from "../../src/networks/registry.js";
import { type TestApp, anonymous, createTestApp } from "../support/test-app.js";
import { reply, testWorkspace } from "../support/workspace-fixture.js";

const run = promisify(execFile);

type Schema = Record<string, unknown> & { $ref?: string; properties?: Record<string, Schema>; required?: string[] };
interface Media {
  schema?: Schema;
  example?: unknown;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
interface Document {
  openapi: string;
  info: { version: string; license?: { name: string; identifier?: string } };
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const operations = (doc: Document) => Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
const json = (media: Record<string, Media> | undefined) => media?.["application/json"];

/**
 * Lints `file` with the repository's redocly.yaml and .redocly.lint-ignore.yaml, both copied
 * beside it: the ignore file names its findings by a path relative to itself (`openapi.json`).
 */
async function lint(file: string) {
  const dir = dirname(file);
  copyFileSync("redocly.yaml", join(dir, "redocly.yaml"));
  copyFileSync(".redocly.lint-ignore.yaml", join(dir, ".redocly.lint-ignore.yaml"));
  const result = await run(join(process.cwd(), "node_modules/.bin/redocly"), ["lint", file, `--config=${join(dir, "redocly.yaml")}`, "--format=stylish"], {
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  }).catch((error: { stdout: string; stderr: string; code: number }) => error);
  return { code: "code" in result ? result.code : 0, output: `${result.stdout}\n${result.stderr}` };
}

describe("OpenAPI document and /docs", () => {
  let t: TestApp;
  let doc: Document;
  const dir = mkdtempSync(join(tmpdir(), "chorus-openapi-"));
  beforeAll(async () => {
    t = await createTestApp();
    const response = await reply<Document>(await anonymous(t.app)("/openapi.json"));
    expect(response.status).toBe(200);
    doc = response.body;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is OpenAPI 3.1.0 with info version 1.0.0, licensed Apache-2.0", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    expect(doc.info.license).toEqual({ name: "Apache-2.0", identifier: "Apache-2.0" });
  });

  it("documents every /v1 route of the app, each with its error responses in the envelope", () => {
    const routes = t.app.routes.filter((r) => r.path.startsWith("/v1/") && r.method !== "ALL");
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const path = route.path.replace(/:([A-Za-z]+)/g, "{$1}");
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${path} is not documented`).toBeDefined();
      if (!op) continue;
      expect(op.operationId).toBeTruthy();
      const errors = Object.entries(op.responses).filter(([status]) => Number(status) >= 400);
      expect(errors.map(([s]) => s)).toEqual(expect.arrayContaining(["429", "500"]));
      for (const [status, response] of errors) {
        // The MCP endpoint refuses a malformed message as JSON-RPC does; its other refusals (401, 429) are the envelope.
        const protocol = path === "/v1/mcp" && ["400", "406", "413", "415"].includes(status);
        expect(json(response.content)?.schema, `${route.method} ${path} ${status}`).toEqual({ $ref: `#/components/schemas/${protocol ? "McpProtocolError" : "Error"}` });
      }
    }
  });

  it("names the API's records as components and refers to them from the operations", () => {
    for (const name of ["Post", "Target", "SocialAccount", "Error", "Media", "Profile", "Credential", "Limits", "ConnectLink", "ValidationReport", "CreatePostRequest", "PlatformOptions"]) {
      expect(doc.components.schemas, name).toHaveProperty(name);
    }
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    expect(json(doc.paths["/v1/posts"]?.post?.responses["201"]?.content)?.schema).toEqual(ref("Post"));
    expect(json(doc.paths["/v1/posts"]?.post?.requestBody?.content)?.schema).toEqual(ref("CreatePostRequest"));
    expect(json(doc.paths["/v1/social-accounts/{id}"]?.get?.responses["200"]?.content)?.schema).toEqual(ref("SocialAccount"));
    expect(json(doc.paths["/v1/media/{id}"]?.get?.responses["200"]?.content)?.schema).toEqual(ref("MediaDetail"));
    expect(doc.components.schemas.Post?.properties?.targets).toEqual({ type: "array", items: ref("Target") });
  });

  it("describes request bodies from the same schemas that validate them", () => {
    const schema = doc.components.schemas.CreateProfileRequest;
    expect(schema?.required).toEqual(["username"]);
    expect(schema?.additionalProperties).toBe(false);
  });

  it("types every paging query parameter as an integer with its bounds", () => {
    const limits = operations(doc).flatMap(({ op }) => (op.parameters ?? []).filter((p) => p.in === "query" && p.name === "limit").map((p) => ({ p, op })));
    expect(limits.length).toBeGreaterThanOrEqual(4);
    // Creator search pages are 1-50 (spec, Limits); every other list is 1-100.
    for (const { p, op } of limits) expect(p.schema).toMatchObject({ type: "integer", minimum: 1, maximum: op.operationId === "searchCreators" ? 50 : 100 });
    const queries = operations(doc).flatMap(({ op }) => (op.parameters ?? []).filter((p) => p.in === "query"));
    for (const query of queries) expect(query.schema.pattern, `${query.name} is a number written as a string pattern`).not.toBe("^\\d+$");
  });

  it("still reads `limit` from the query text: in range pages, out of range and non-numbers are 400 field_invalid", async () => {
    const ws = await testWorkspace(t);
    expect((await ws.get("/v1/posts?limit=100")).status).toBe(200);
    for (const bad of ["0", "101", "abc", "1.5"]) {
      const response = await ws.get(`/v1/posts?limit=${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.error).toMatchObject({ code: "field_invalid", param: "limit" });
    }
  });

  it("types platformOptions per network from the capability records that check them", () => {
    const options = doc.components.schemas.PlatformOptions;
    expect(Object.keys(options?.properties ?? {})).toEqual([...platformIds]);
    for (const id of platformIds) {
      const componentName = `${id.charAt(0).toUpperCase()}${id.slice(1)}Options`;
      expect(options?.properties?.[id]).toEqual({ $ref: `#/components/schemas/${componentName}` });
      const component = doc.components.schemas[componentName];
      const capabilityOptions = adapters[id].capabilities.options as Record<string, { type: string; values?: readonly string[] }>;
      // Besides the network's own options, every network takes the target's own first comment (or false) and autoFix.
      expect(Object.keys(component?.properties ?? {}).sort()).toEqual([...Object.keys(capabilityOptions), "firstComment", "autoFix"].sort());
      expect(component?.properties?.firstComment?.description, `${id}.firstComment`).toContain("first comment");
      expect(component?.properties?.autoFix?.description, `${id}.autoFix`).toContain("never sent to the network");
      for (const [field, spec] of Object.entries(capabilityOptions)) {
        const property = component?.properties?.[field];
        expect(property?.type, `${id}.${field}`).toBe(spec.type);
        if (spec.values) expect(spec.type === "array" ? (property?.items as Schema).enum : property?.enum).toEqual(spec.values);
      }
    }
    expect(doc.components.schemas.CreatePostRequest?.properties?.platformOptions).toEqual({ $ref: "#/components/schemas/PlatformOptions" });
  });

  it("gives every operation an id, declared tags, an example response, and an example for its JSON request body", () => {
    const declared = new Map(doc.tags.map((tag) => [tag.name, tag.description]));
    for (const { path, method, op } of operations(doc)) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.tags?.length, where).toBeGreaterThan(0);
      for (const tag of op.tags ?? []) expect(declared.get(tag), `${where}: tag ${tag}`).toBeTruthy();
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith("2"));
      expect(success.length, where).toBeGreaterThan(0);
      // JSON answers carry a JSON example; the one other kind of answer (GET /v1/posts/export, CSV) carries its own.
      for (const [status, response] of success) expect((json(response.content) ?? response.content?.["text/csv"])?.example, `${where} ${status}`).toBeDefined();
      const body = json(op.requestBody?.content);
      if (body) expect(body.example, `${where} request`).toBeDefined();
    }
    const ids = operations(doc).map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("passes `redocly lint` (recommended-strict, redocly.yaml) with no error and no warning, and the lint does check the examples", async () => {
    const file = join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(doc));
    const clean = await lint(file);
    expect(clean.code, clean.output).toBe(0);
    expect(clean.output).toMatch(/Your API description is valid/);
    expect(clean.output).not.toMatch(/\d+:\d+\s+(error|warning)\s/);

    // A control: the same document with one example that contradicts its schema must fail.
    const broken = structuredClone(doc);
    const created = json(broken.paths["/v1/posts"]?.post?.responses["201"]?.content);
    if (created) created.example = { id: 42 };
    const brokenFile = join(dir, "broken.json");
    writeFileSync(brokenFile, JSON.stringify(broken));
    const failed = await lint(brokenFile);
    expect(failed.code, failed.output).not.toBe(0);
    expect(failed.output).toMatch(/no-invalid-media-type-examples/);
    // The ignore file names openapi.json only, so this control also shows what it accepts there:
    // no-ambiguous-paths, for GET /v1/posts/bulk/{id} against the posts' actions and nothing else.
    const ambiguous = failed.output.split("\n").filter((line) => line.includes("no-ambiguous-paths"));
    expect(ambiguous.length).toBeGreaterThan(0);
    for (const line of ambiguous) expect(line).toContain("`/v1/posts/bulk/{id}` and `/v1/posts/{id}/");
  }, 60_000);

  it("documents GET /v1/posts/bulk/{id} as the same resource as GET /v1/bulk-imports/{id}", () => {
    const byPostsPath = doc.paths["/v1/posts/bulk/{id}"]?.get;
    const byOwnPath = doc.paths["/v1/bulk-imports/{id}"]?.get;
    expect(byPostsPath?.operationId).toBe("getPostsBulkImport");
    expect(byPostsPath?.description).toContain("/v1/bulk-imports/{id}");
    expect(byOwnPath?.description).toContain("/v1/posts/bulk/{id}");
    expect(byPostsPath?.responses).toEqual(byOwnPath?.responses);
  });

  it("serves /docs: pages rendered by Chorus from its own files under a strict CSP, and the error table", async () => {
    const response = await anonymous(t.app)("/docs");
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self';/);
    expect(response.headers.get("content-security-policy")).toMatch(/default-src 'none'/);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1] ?? "");
    const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? "");
    expect(scripts).toEqual(["/docs/assets/docs.js"]);
    expect(styles).toEqual(["/docs/assets/docs.css"]);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style/);
    // The document's Markdown description is rendered (headings), not shown raw.
    expect(html).toContain('<h2 id="authentication">');
    expect(html).not.toContain("## ");

    const types: Record<string, RegExp> = { js: /^text\/javascript/, css: /^text\/css/ };
    for (const asset of [...scripts, ...styles]) {
      const file = await anonymous(t.app)(asset);
      expect(file.status, asset).toBe(200);
      expect(file.headers.get("content-type"), asset).toMatch(types[asset.split(".").at(-1) ?? ""] ?? /^$/);
      expect((await file.text()).length, asset).toBeGreaterThan(100);
    }
    expect((await anonymous(t.app)("/docs/assets/index.html")).status).toBe(404);
    expect((await anonymous(t.app)("/docs/assets/constructor")).status).toBe(404);

    const errors = await (await anonymous(t.app)("/docs/errors")).text();
    expect(errors).toContain('id="errors"');
    for (const code of errorCodes) expect(errors).toContain(`id="error-${code}"`);
    // The catalogue's Markdown code spans are rendered, not shown raw.
    const table = errors.slice(errors.indexOf("<table"));
    expect(table).not.toContain("`");
    expect(table).toContain("<code>Retry-After</code>");
  });
});
