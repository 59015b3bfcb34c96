import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCodes } from "../../src/infra/error-catalogue.js";
import { type TestApp, anonymous, createTestApp } from "../support/test-app.js";

const run = promisify(execFile);

interface Operation {
  operationId?: string;
  summary?: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
}
interface Document {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
}

describe("OpenAPI document and /docs", () => {
  let t: TestApp;
  let doc: Document;
  const dir = mkdtempSync(join(tmpdir(), "chorus-openapi-"));
  beforeAll(async () => {
    t = await createTestApp();
    const response = await anonymous(t.app)("/openapi.json");
    expect(response.status).toBe(200);
    doc = (await response.json()) as Document;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is OpenAPI 3.1.0 with info version 1.0.0", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
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
      for (const [, response] of errors) {
        expect(response.content?.["application/json"]?.schema?.properties).toHaveProperty("error");
      }
    }
  });

  it("describes request bodies from the same schemas that validate them", () => {
    const create = doc.paths["/v1/profiles"]?.post as unknown as { requestBody: { content: { "application/json": { schema: { additionalProperties: boolean; required: string[] } } } } };
    const schema = create.requestBody.content["application/json"].schema;
    expect(schema.required).toEqual(["username"]);
    expect(schema.additionalProperties).toBe(false);
  });

  it("passes `redocly lint`", async () => {
    const file = join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(doc));
    const result = await run("node_modules/.bin/redocly", ["lint", file, "--format=stylish"], { env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" } }).catch(
      (error: { stdout: string; stderr: string; code: number }) => error,
    );
    const output = `${result.stdout}\n${result.stderr}`;
    expect("code" in result ? result.code : 0, output).toBe(0);
    expect(output).toMatch(/valid/i);
  }, 60_000);

  it("serves /docs with the operations and an anchor for every error code", async () => {
    const response = await anonymous(t.app)("/docs");
    expect(response.headers.get("content-type")).toMatch(/text\/html/);
    const html = await response.text();
    expect(html).toContain('id="errors"');
    for (const code of errorCodes) expect(html).toContain(`id="error-${code}"`);
    expect(html).toContain("/v1/me/limits");
  });
});
