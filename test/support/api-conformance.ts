import type { Hono } from "hono";
import type { AppEnv } from "../../src/http/context.js";
import { type CapturedRequest, type OpenApiDocument, type Operation, type Schema, checkRequestAgainstSpec, checkValue, findOperation } from "./openapi-request-check.js";
import { reply } from "./workspace-fixture.js";

/**
 * A validating proxy between the API tests and the app: every request a test sends through the
 * shared test app is checked against the app's own /openapi.json, and so is the answer. A request
 * the description refuses (unknown path or method, missing required body or parameter, wrong
 * content type, a field outside its schema) must be refused by the server too; an answer must
 * have a documented status, a body that fits that status's schema and, for errors, a code the
 * operation documents. Either disagreement fails the test: the description and the server must
 * say the same thing.
 */

export const API_ORIGIN = "http://chorus.test";

/**
 * Codes any operation can answer, documented once in the document's own description (errors,
 * idempotency, rate limits) rather than on every operation.
 */
const GLOBAL_CODES = new Set([
  "unauthorized",
  "rate_limited",
  "internal_error",
  "service_unavailable",
  "body_not_json",
  "body_too_large",
  "idempotency_key_invalid",
  "idempotency_key_reused",
  "idempotency_in_progress",
  "method_not_allowed",
  "route_not_found",
]);

interface DocumentedResponse {
  description?: string;
  content?: Record<string, { schema?: Schema }>;
}

/** The parsed description, fetched once per test file (the routes, and so the document, are the same for every app). */
let cached: Promise<OpenApiDocument> | null = null;

export function apiDescription(app: Hono<AppEnv>): Promise<OpenApiDocument> {
  cached ??= (async () => {
    // Its own address, so fetching the document takes nothing from a test's public rate limit.
    const response = await reply<OpenApiDocument>(await app.request(`${API_ORIGIN}/openapi.json`, { headers: { "x-test-ip": "openapi-conformance" } }));
    if (response.status !== 200) throw new Error(`/openapi.json answered ${response.status}`);
    const doc = response.body;
    return { ...doc, servers: [{ url: API_ORIGIN }] };
  })();
  return cached;
}

/** The request as a test built it, in the shape the request checker reads. */
export function captured(url: string, init: RequestInit): CapturedRequest {
  const headers = Object.fromEntries([...new Headers(init.headers).entries()].map(([k, v]) => [k.toLowerCase(), v]));
  const raw = init.body;
  const body = raw === undefined || raw === null ? null : typeof raw === "string" ? (raw === "" ? null : raw) : "<binary>";
  return { method: (init.method ?? "GET").toUpperCase(), url, headers, body };
}

function documentedCodes(response: DocumentedResponse): string[] | null {
  const text = response.description ?? "";
  if (!text.includes("Codes:")) return null;
  return [...text.slice(text.indexOf("Codes:")).matchAll(/`([a-z0-9_]+)`/g)].map((m) => m[1] ?? "");
}

function mediaSchema(response: DocumentedResponse, contentType: string): { found: boolean; schema: Schema | undefined } {
  const content = response.content ?? {};
  const entry = content[contentType] ?? content[`${contentType.split("/")[0]}/*`] ?? content["*/*"];
  return { found: entry !== undefined, schema: entry?.schema };
}

/** Every way one exchange departs from the description; empty when the two agree. */
export async function checkExchange(doc: OpenApiDocument, request: CapturedRequest, response: Response): Promise<string[]> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith("/v1/")) return [];
  const where = `${request.method} ${url.pathname}`;
  const status = response.status;
  const contentType = (response.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  let body: unknown;
  if (contentType === "application/json") {
    const text = await response.clone().text();
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      return [`${where}: answered ${status} with a body that is not JSON`];
    }
  }
  const code = (body as { error?: { code?: unknown } } | undefined)?.error?.code;
  const errorCode = typeof code === "string" ? code : null;
  const match = findOperation(doc, request.method, request.url);
  if (!match) {
    const refused = (status === 404 && errorCode === "route_not_found") || (status === 405 && errorCode === "method_not_allowed");
    return refused ? [] : [`${where}: not in /openapi.json, yet answered ${status}${errorCode ? ` ${errorCode}` : ""}`];
  }
  const problems: string[] = [];
  // Only an accepted request needs checking against the description; a refused one (some are
  // nested 50,000 deep on purpose) would only cost a deep walk.
  const requestProblems = status < 400 ? checkRequestAgainstSpec(doc, request, { ignoreUnexpectedBody: true }) : [];
  if (requestProblems.length > 0) {
    problems.push(`the server accepted (${status}) a request the description refuses: ${requestProblems.join("; ")}`);
  }
  const responses = ((match.operation as Operation & { responses?: Record<string, DocumentedResponse> }).responses ?? {}) as Record<string, DocumentedResponse>;
  const documented = responses[String(status)] ?? responses[`${String(status).charAt(0)}XX`] ?? responses.default;
  const global = errorCode !== null && GLOBAL_CODES.has(errorCode);
  if (!documented) {
    if (!global) problems.push(`answered ${status}${errorCode ? ` ${errorCode}` : ""}, a status the operation does not document (documented: ${Object.keys(responses).join(", ")})`);
    return problems.map((p) => `${request.method} ${match.template}: ${p}`);
  }
  if (errorCode !== null && !global) {
    const codes = documentedCodes(documented);
    if (codes && !codes.includes(errorCode)) problems.push(`answered ${status} ${errorCode}, a code the operation does not document for ${status} (documented: ${codes.join(", ")})`);
  }
  if (contentType && status !== 204) {
    const { found, schema } = mediaSchema(documented, contentType);
    if (!found && documented.content) problems.push(`answered ${status} as ${contentType}; documented: ${Object.keys(documented.content).join(", ")}`);
    if (schema && body !== undefined) checkValue(doc, schema, body, "response", false, problems);
  }
  return problems.map((p) => `${request.method} ${match.template}: ${p}`);
}
