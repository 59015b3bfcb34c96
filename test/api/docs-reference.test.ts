import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { errorCodes } from "../../src/infra/error-catalogue.js";
import { guides } from "../../src/openapi/reference/guides.js";
import { python } from "../../src/openapi/reference/samples.js";
import { type TestApp, anonymous, createTestApp } from "../support/test-app.js";
import { reply } from "../support/workspace-fixture.js";

interface Doc {
  paths: Record<string, Record<string, { operationId: string; requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } }>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await reply<Doc>(await anonymous(t.app)("/openapi.json"))).body;
});

const page = async (path: string) => {
  const response = await t.app.request(`http://chorus.test${path}`);
  return { status: response.status, html: await response.text(), csp: response.headers.get("content-security-policy") };
};

const operations = () => Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })));

/** The reference rendered on the server from /openapi.json: every operation, field, example and sample is on a page. */
describe("/docs reference pages", () => {
  it("lists every operation on the index and gives each a page with its method, path, fields, examples and code in three languages", async () => {
    const index = await page("/docs");
    for (const { path, method, operation } of operations()) {
      expect(index.html, operation.operationId).toContain(`href="/docs/operations/${operation.operationId}"`);
      const { status, html, csp } = await page(`/docs/operations/${operation.operationId}`);
      expect(status, operation.operationId).toBe(200);
      expect(csp).toMatch(/default-src 'none'/);
      expect(html).toContain(`>${method}</span>`);
      expect(html).toContain(path.replace(/&/g, "&amp;"));
      expect(html).toContain("curl -X");
      expect(html).toContain("@chorus-api/sdk");
      expect(html).toContain("import requests");
      expect(html).toContain('id="try-it"');
      const schema = operation.requestBody?.content["application/json"]?.schema;
      const ref = typeof schema?.$ref === "string" ? schema.$ref.replace("#/components/schemas/", "") : undefined;
      const properties = (ref ? doc.components.schemas[ref]?.properties : (schema?.properties as Record<string, unknown> | undefined)) ?? {};
      for (const field of Object.keys(properties)) expect(html, `${operation.operationId} ${field}`).toContain(`<code class="field-name">${field}</code>`);
    }
  }, 120_000);

  it("shows a field's description and constraints inline, and the request example", async () => {
    const { html } = await page("/docs/operations/createPost");
    expect(html).toContain('<code class="field-name">text</code>');
    expect(html).toMatch(/Constraints|at most this many characters/);
    expect(html).toContain("Request example");
    expect(html).toContain("Hello from Chorus!");
    expect(html).toContain('data-method="POST" data-path="/v1/posts"');
  });

  it("serves the error catalogue with an anchor per code, and every guide; unknown pages are a 404 page", async () => {
    const errors = await page("/docs/errors");
    for (const code of errorCodes) expect(errors.html).toContain(`id="error-${code}"`);
    for (const guide of guides) {
      const { status, html } = await page(`/docs/guides/${guide.slug}`);
      expect(status, guide.slug).toBe(200);
      expect(html).toContain(`<h1>${guide.title}</h1>`);
      // Every operation a guide links to exists.
      for (const [, id] of html.matchAll(/href="\/docs\/operations\/([^"]+)"/g)) expect((await page(`/docs/operations/${id}`)).status, `${guide.slug} links ${id}`).toBe(200);
    }
    expect((await page("/docs/operations/noSuchOperation")).status).toBe(404);
    expect((await page("/docs/operations/__proto__")).status).toBe(404);
    expect((await page("/docs/guides/constructor")).status).toBe(404);
  });

  it("prebuilds a search index with every operation, guide and error code", async () => {
    const entries = (await reply<[string, string, string, string][]>(await t.app.request("http://chorus.test/docs/search.json"))).body;
    const urls = new Set(entries.map((entry) => entry[1]));
    for (const { operation } of operations()) expect(urls.has(`/docs/operations/${operation.operationId}`), operation.operationId).toBe(true);
    for (const guide of guides) expect(urls.has(`/docs/guides/${guide.slug}`)).toBe(true);
    for (const code of errorCodes) expect(urls.has(`/docs/errors#error-${code}`)).toBe(true);
  });

  it("keeps every page small: under 60 KB gzip, the search index under 30 KB, the script under 4 KB", async () => {
    const sizes: Record<string, number> = {};
    const paths = ["/docs", "/docs/errors", "/docs/search.json", "/docs/assets/docs.js", "/docs/assets/docs.css", ...operations().map(({ operation }) => `/docs/operations/${operation.operationId}`)];
    for (const path of paths) sizes[path] = gzipSync(Buffer.from(await (await t.app.request(`http://chorus.test${path}`)).arrayBuffer())).length;
    for (const [path, size] of Object.entries(sizes)) expect(size, path).toBeLessThan(60 * 1024);
    expect(sizes["/docs/search.json"]).toBeLessThan(30 * 1024);
    expect(sizes["/docs/assets/docs.js"]).toBeLessThan(4 * 1024);
  }, 120_000);

  it("writes Python literals for the samples", () => {
    expect(python({ a: true, b: null, c: [1, "x"], d: false })).toBe('{\n    "a": True,\n    "b": None,\n    "c": [\n        1,\n        "x",\n    ],\n    "d": False,\n}');
  });
});
