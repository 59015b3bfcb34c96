import { beforeAll, describe, expect, it } from "vitest";
import { API_ORIGIN, apiDescription, captured, checkExchange } from "../support/api-conformance.js";
import type { OpenApiDocument } from "../support/openapi-request-check.js";
import { type TestApp, createTestApp } from "../support/test-app.js";
import { reply, testWorkspace } from "../support/workspace-fixture.js";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const envelope = (code: string) => ({
  error: { type: "invalid_request", message: "m", code, param: null, fix: null, docs: "d", platform: null, retryable: false, requestId: "req_1" },
});
const auth = { authorization: "Bearer sk_test_x" };

/** The validating proxy itself: it must catch each class of disagreement, or it proves nothing. */
describe("validating proxy between the API tests and /openapi.json", () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    doc = await apiDescription(t.app);
  });
  const check = (path: string, init: RequestInit, response: Response) => checkExchange(doc, captured(`${API_ORIGIN}${path}`, init), response);

  it("accepts an exchange that agrees with the description", async () => {
    expect(await check("/v1/posts/post_1", { headers: auth }, json(404, envelope("resource_not_found")))).toEqual([]);
    expect(await check("/v1/nowhere", { headers: auth }, json(404, envelope("route_not_found")))).toEqual([]);
  });

  it("catches a request the description refuses but the server accepted", async () => {
    const problems = await check("/v1/profiles", { method: "POST", headers: auth }, json(201, { id: "prf_1", username: "x", createdAt: "2026-01-01T00:00:00Z" }));
    expect(problems.join("\n")).toContain("body: required but none was sent");
    const unknownField = await check(
      "/v1/profiles",
      { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: JSON.stringify({ username: "a", colour: "red" }) },
      json(201, {}),
    );
    expect(unknownField.join("\n")).toContain("body.colour: property not in the operation's schema");
  });

  it("catches an undocumented path, status, error code or response shape", async () => {
    expect(await check("/v1/nowhere", { headers: auth }, json(200, {}))).toEqual([expect.stringContaining("not in /openapi.json")]);
    expect((await check("/v1/posts/post_1", { headers: auth }, json(418, envelope("resource_not_found")))).join()).toContain("does not document");
    expect((await check("/v1/posts/post_1", { headers: auth }, json(404, envelope("media_unknown")))).join()).toContain("a code the operation does not document");
    const shape = (await check("/v1/posts/post_1", { headers: auth }, json(200, { id: 1 }))).join("\n");
    expect(shape).toContain("response.id: expected string, got 1");
    expect(shape).toContain("response.state: required property missing");
  });

  it("every JSON body the description requires is refused when missing, and every optional one may be left out", async () => {
    const ws = await testWorkspace(t);
    const operations = Object.entries(doc.paths).flatMap(([template, item]) =>
      Object.entries(item).flatMap(([method, raw]) => {
        const body = (raw as { requestBody?: { required?: boolean; content?: Record<string, unknown> } }).requestBody;
        // POST /v1/mcp answers a missing body as JSON-RPC does (-32700), not with a field code: test/mcp/protocol.test.ts.
        if (template === "/v1/mcp") return [];
        return body?.content?.["application/json"] ? [{ template, method: method.toUpperCase(), required: body.required === true }] : [];
      }),
    );
    expect(operations.length).toBeGreaterThan(10);
    const disagreements: string[] = [];
    for (const { template, method, required } of operations) {
      const path = template.replace(/\{[^}]+\}/g, "zz_missing");
      // Sent through the proxy as well, which fails on any other disagreement in the exchange.
      const response = await reply(await ws.request(path, { method }));
      const code = response.status >= 400 ? response.error.code : null;
      // The spec's own codes for a missing text or webhook url stand in for field_required there.
      const refusedForBody = response.status === 400 && (code?.startsWith("field_") || code === "text_required" || code === "invalid_webhook_url");
      if (required && !refusedForBody) disagreements.push(`${method} ${template}: the body is required, yet no body answered ${response.status} ${code ?? ""}`);
      if (!required && refusedForBody) disagreements.push(`${method} ${template}: the body is optional, yet no body answered ${response.status} ${code ?? ""}`);
    }
    expect(disagreements).toEqual([]);
  });
});
