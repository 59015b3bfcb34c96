import { readFileSync } from "node:fs";

/**
 * Checks requests an adapter really sent against a network's official OpenAPI document: the
 * operation exists for that method and path, every query parameter and body property is one
 * the operation declares (with `$ref`, `allOf`, `oneOf`/`anyOf` and discriminators resolved),
 * values fit their declared types and enums, and the request carries the credential kind the
 * operation's security asks for (JSON and form bodies; multipart bodies are matched on content type
 * only). It returns a list of problems so a test can show them all.
 */

export interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
  nullable?: boolean;
  // Bounds on strings, numbers and arrays.
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

interface Parameter {
  $ref?: string;
  name: string;
  in: "query" | "path" | "header" | "cookie";
  required?: boolean;
  schema?: Schema;
  style?: string;
  explode?: boolean;
}

interface SecurityScheme {
  type: string;
  scheme?: string;
  in?: string;
  name?: string;
  flows?: Record<string, { authorizationUrl?: string; tokenUrl?: string; scopes?: Record<string, string> }>;
}

type SecurityRequirement = Record<string, string[]>;

export interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { $ref?: string; required?: boolean; content?: Record<string, { schema?: Schema }> };
  security?: SecurityRequirement[];
}

export interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, unknown>>;
  components?: { securitySchemes?: Record<string, SecurityScheme> };
  security?: SecurityRequirement[];
}

/** One request as sent: upper-case method, full URL, lower-case header names, body text or null. */
export interface CapturedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

export interface OperationMatch {
  template: string;
  operation: Operation;
  pathParams: Record<string, string>;
  pathParameters: Parameter[];
}

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

/** Loads a network's official spec vendored in `test/fixtures/specs` (sources in its README). */
export function loadOpenApiSpec(fileName: string): OpenApiDocument {
  const url = new URL(`../fixtures/specs/${fileName}`, import.meta.url);
  return JSON.parse(readFileSync(url, "utf8")) as OpenApiDocument;
}

/** Wraps a fetch so every request passing through it is recorded (the body is read from a clone). */
export function recordRequests(inner: typeof fetch): { fetch: typeof fetch; requests: CapturedRequest[] } {
  const requests: CapturedRequest[] = [];
  const recording = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = request.body ? await request.clone().text() : "";
    requests.push({
      method: request.method.toUpperCase(),
      url: request.url,
      headers: Object.fromEntries(request.headers.entries()),
      body: text === "" ? null : text,
    });
    return inner(request);
  };
  return { fetch: recording, requests };
}

/** The OAuth flows the spec's security schemes declare: authorize URL, token URL and scope names. */
export function oauthEndpoints(doc: OpenApiDocument): { scheme: string; authorizationUrl: string | null; tokenUrl: string | null; scopes: string[] }[] {
  return Object.entries(doc.components?.securitySchemes ?? {})
    .filter(([, scheme]) => scheme.type === "oauth2")
    .flatMap(([name, scheme]) =>
      Object.values(scheme.flows ?? {}).map((flow) => ({
        scheme: name,
        authorizationUrl: flow.authorizationUrl ?? null,
        tokenUrl: flow.tokenUrl ?? null,
        scopes: Object.keys(flow.scopes ?? {}),
      })),
    );
}

function pointer(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`external $ref not supported: ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined;
  }
  if (node === undefined) throw new Error(`unresolvable $ref ${ref}`);
  return node;
}

function deref<T extends { $ref?: string }>(doc: OpenApiDocument, node: T): T {
  let current = node;
  for (let depth = 0; current.$ref !== undefined; depth++) {
    if (depth > 32) throw new Error(`$ref loop at ${current.$ref}`);
    current = pointer(doc, current.$ref) as T;
  }
  return current;
}

interface CompiledPath {
  template: string;
  pattern: RegExp;
  names: string[];
  item: Record<string, unknown>;
}

/** Path templates turned into regexes once per document, not once per request checked. */
const compiledPaths = new WeakMap<OpenApiDocument, CompiledPath[]>();

function pathsOf(doc: OpenApiDocument): CompiledPath[] {
  let compiled = compiledPaths.get(doc);
  if (!compiled) {
    compiled = Object.entries(doc.paths).map(([template, item]) => {
      const names: string[] = [];
      const source = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{([^}]+)\}/g, (_m, name: string) => {
        names.push(name);
        return "([^/]+)";
      });
      return { template, pattern: new RegExp(`^${source}$`), names, item };
    });
    compiledPaths.set(doc, compiled);
  }
  return compiled;
}

/** Finds the operation for a URL under one of the spec's servers; literal paths win over templated ones. */
export function findOperation(doc: OpenApiDocument, method: string, url: string): OperationMatch | null {
  const parsed = new URL(url);
  const full = `${parsed.origin}${parsed.pathname}`;
  const server = (doc.servers ?? []).map((s) => s.url.replace(/\/$/, "")).find((base) => full === base || full.startsWith(`${base}/`));
  if (server === undefined) return null;
  const path = full.slice(server.length) || "/";
  const candidates: OperationMatch[] = [];
  for (const { template, pattern, names, item } of pathsOf(doc)) {
    const match = pattern.exec(path);
    const raw = item[method.toLowerCase()];
    if (!match || raw === undefined || !METHODS.includes(method.toLowerCase())) continue;
    const pathParams = Object.fromEntries(names.map((name, i) => [name, decodePathSegment(match[i + 1] ?? "")]));
    const pathParameters = ((item.parameters as Parameter[] | undefined) ?? []).map((p) => deref(doc, p));
    candidates.push({ template, operation: raw as Operation, pathParams, pathParameters });
  }
  candidates.sort((a, b) => Object.keys(a.pathParams).length - Object.keys(b.pathParams).length);
  return candidates[0] ?? null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** Parts of a schema that apply together: the schema itself and its `allOf` members, recursively. */
function parts(doc: OpenApiDocument, schema: Schema): Schema[] {
  const own = deref(doc, schema);
  return [own, ...(own.allOf ?? []).flatMap((member) => parts(doc, member))];
}

/** OpenAPI patterns are ECMA-262 regexes; some specs use escapes only valid without the `u` flag. */
function patternMatches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, "u").test(value);
  } catch {
    return new RegExp(pattern).test(value);
  }
}

/** JSON of a value for messages; the fuzzer's thousands-deep objects overflow JSON.stringify's stack. */
function printable(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return "[a value too deeply nested to print]";
  }
}

/** A path segment as the server sees it; a malformed escape (the fuzzer sends some) is kept as sent. */
function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function checkScalar(s: Schema, value: unknown, at: string, form: boolean, problems: string[]): void {
  const text = typeof value === "string" ? value : printable(value);
  const typeOk: Record<string, () => boolean> = {
    string: () => typeof value === "string",
    integer: () => (form ? /^-?\d+$/.test(text) : Number.isInteger(value)),
    number: () => (form ? text.trim() !== "" && Number.isFinite(Number(text)) : typeof value === "number"),
    boolean: () => (form ? text === "true" || text === "false" : typeof value === "boolean"),
    array: () => Array.isArray(value),
    object: () => isRecord(value),
  };
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  const checks = types.flatMap((type) => (typeOk[type] ? [typeOk[type]] : []));
  if (checks.length > 0 && !checks.some((check) => check())) problems.push(`${at}: expected ${types.join(" or ")}, got ${printable(value)}`);
  if (s.enum && !s.enum.some((allowed) => allowed === value || (form && String(allowed) === text))) {
    problems.push(`${at}: ${printable(value)} is not one of ${JSON.stringify(s.enum)}`);
  }
  if (typeof value === "string") {
    if (s.maxLength !== undefined && [...value].length > s.maxLength) problems.push(`${at}: longer than ${s.maxLength}`);
    if (s.minLength !== undefined && [...value].length < s.minLength) problems.push(`${at}: shorter than ${s.minLength}`);
    if (s.pattern !== undefined && !patternMatches(s.pattern, value)) problems.push(`${at}: does not match ${s.pattern}`);
  }
  const numeric = typeof value === "number" ? value : form && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : null;
  if (numeric !== null && s.minimum !== undefined && numeric < s.minimum) problems.push(`${at}: below minimum ${s.minimum}`);
  if (numeric !== null && s.maximum !== undefined && numeric > s.maximum) problems.push(`${at}: above maximum ${s.maximum}`);
}

/** Checks one value against a schema; `form` means values arrived as strings (query, form body). */
export function checkValue(doc: OpenApiDocument, schema: Schema, value: unknown, at: string, form: boolean, problems: string[], depth = 0): void {
  if (depth > 40) return;
  const s = deref(doc, schema);
  if (value === null) {
    // OpenAPI 3.0 says `nullable`; 3.1 (JSON Schema) says `type: "null"`, in a type list or a branch.
    const allowsNull = (x: Schema): boolean => {
      const own = deref(doc, x);
      return own.nullable === true || own.type === "null" || (Array.isArray(own.type) && own.type.includes("null")) || [...(own.anyOf ?? []), ...(own.oneOf ?? [])].some(allowsNull);
    };
    if (!allowsNull(s)) problems.push(`${at}: null is not allowed`);
    return;
  }
  if (s.discriminator && isRecord(value)) {
    const tag = value[s.discriminator.propertyName];
    const target = typeof tag === "string" ? (s.discriminator.mapping?.[tag] ?? `#/components/schemas/${tag}`) : null;
    let resolved: Schema | null = null;
    try {
      resolved = target === null ? null : deref(doc, { $ref: target });
    } catch {
      resolved = null;
    }
    if (resolved === null) {
      problems.push(`${at}.${s.discriminator.propertyName}: ${JSON.stringify(tag)} is not a known discriminator value`);
      return;
    }
    if (resolved !== s) return checkValue(doc, resolved, value, at, form, problems, depth + 1);
  }
  const branches = s.oneOf ?? s.anyOf;
  if (branches) {
    const results = branches.map((branch) => {
      const found: string[] = [];
      checkValue(doc, branch, value, at, form, found, depth + 1);
      return found;
    });
    if (results.some((found) => found.length === 0)) return;
    const best = results.reduce((a, b) => (b.length < a.length ? b : a));
    problems.push(`${at}: matches no branch of ${s.oneOf ? "oneOf" : "anyOf"}; closest branch says: ${best.join("; ")}`);
    return;
  }
  const all = parts(doc, s);
  if (isRecord(value) && all.some((p) => p.properties || p.type === "object" || p.additionalProperties !== undefined)) {
    const open = all.some((p) => p.additionalProperties === true || isRecord(p.additionalProperties));
    for (const key of all.flatMap((p) => p.required ?? [])) if (!(key in value)) problems.push(`${at}.${key}: required property missing`);
    for (const [key, child] of Object.entries(value)) {
      const declared = all.flatMap((p) => (p.properties?.[key] ? [p.properties[key]] : []));
      if (declared.length === 0 && !open) problems.push(`${at}.${key}: property not in the operation's schema`);
      for (const childSchema of declared) checkValue(doc, childSchema, child, `${at}.${key}`, form, problems, depth + 1);
    }
    return;
  }
  if (Array.isArray(value)) {
    const itemSchema = all.find((p) => p.items)?.items;
    const bounds = all.find((p) => p.minItems !== undefined || p.maxItems !== undefined);
    if (bounds?.minItems !== undefined && value.length < bounds.minItems) problems.push(`${at}: fewer than ${bounds.minItems} items`);
    if (bounds?.maxItems !== undefined && value.length > bounds.maxItems) problems.push(`${at}: more than ${bounds.maxItems} items`);
    if (!itemSchema && !all.some((p) => p.type === "array")) problems.push(`${at}: an array is not allowed here`);
    value.forEach((item, i) => itemSchema && checkValue(doc, itemSchema, item, `${at}[${i}]`, form, problems, depth + 1));
    return;
  }
  for (const p of all) checkScalar(p, value, at, form, problems);
}

function checkParameters(doc: OpenApiDocument, match: OperationMatch, url: URL, apiKeyQueryNames: Set<string>, problems: string[], ignoreUnexpected: boolean): void {
  const own = (match.operation.parameters ?? []).map((p) => deref(doc, p));
  const merged = [...match.pathParameters.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
  for (const [name, value] of Object.entries(match.pathParams)) {
    const param = merged.find((p) => p.in === "path" && p.name === name);
    if (!param) problems.push(`path {${name}}: not declared`);
    else if (param.schema) checkValue(doc, param.schema, value, `path {${name}}`, true, problems);
  }
  const names = new Set(url.searchParams.keys());
  for (const name of names) {
    if (apiKeyQueryNames.has(name)) continue;
    const param = merged.find((p) => p.in === "query" && p.name === name);
    if (!param) {
      if (!ignoreUnexpected) problems.push(`query ${name}: not a parameter of this operation`);
      continue;
    }
    if (!param.schema) continue;
    const schema = deref(doc, param.schema);
    const values = url.searchParams.getAll(name);
    if (schema.type === "array") {
      const explode = param.explode ?? (param.style ?? "form") === "form";
      const items = explode ? values : values.flatMap((v) => v.split(","));
      checkValue(doc, schema, items, `query ${name}`, true, problems);
    } else {
      if (values.length > 1) problems.push(`query ${name}: sent ${values.length} times`);
      checkValue(doc, schema, values[0], `query ${name}`, true, problems);
    }
  }
  for (const p of merged) if (p.in === "query" && p.required && !names.has(p.name)) problems.push(`query ${p.name}: required parameter missing`);
}

function checkSecurity(doc: OpenApiDocument, match: OperationMatch, request: CapturedRequest, url: URL, scopes: readonly string[] | undefined, problems: string[]): void {
  const requirements = match.operation.security ?? doc.security ?? [];
  if (requirements.length === 0) return;
  const auth = request.headers.authorization ?? "";
  const schemes = doc.components?.securitySchemes ?? {};
  const satisfied = (requirement: SecurityRequirement) =>
    Object.entries(requirement).every(([name, needed]) => {
      const scheme = schemes[name];
      if (!scheme) return false;
      if (scheme.type === "oauth2" || (scheme.type === "http" && scheme.scheme?.toLowerCase() === "bearer")) {
        return /^Bearer /i.test(auth) && (scheme.type !== "oauth2" || scopes === undefined || needed.every((scope) => scopes.includes(scope)));
      }
      if (scheme.type === "http" && scheme.scheme?.toLowerCase() === "basic") return /^Basic /i.test(auth);
      if (scheme.type === "apiKey" && scheme.name) return scheme.in === "query" ? url.searchParams.has(scheme.name) : scheme.name.toLowerCase() in request.headers;
      return false;
    });
  if (!requirements.some(satisfied)) {
    problems.push(`security: no requirement satisfied; the operation accepts ${JSON.stringify(requirements)}${scopes ? ` and the token has scopes ${JSON.stringify(scopes)}` : ""}`);
  }
}

function checkBody(doc: OpenApiDocument, match: OperationMatch, request: CapturedRequest, problems: string[], ignoreUnexpectedBody: boolean): void {
  const declared = match.operation.requestBody ? deref(doc, match.operation.requestBody) : null;
  // Whitespace alone is no body: Chorus reads it as `{}` (src/http/validate.ts) and refuses nothing for it.
  if (request.body === null || request.body.trim() === "") {
    if (declared?.required) problems.push("body: required but none was sent");
    return;
  }
  if (!declared) {
    if (!ignoreUnexpectedBody) problems.push("body: sent, but the operation takes no request body");
    return;
  }
  const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  const media = declared.content?.[type] ?? declared.content?.[`${type.split("/")[0]}/*`];
  if (!media) {
    problems.push(`body: content type ${JSON.stringify(type)} is not one of ${JSON.stringify(Object.keys(declared.content ?? {}))}`);
    return;
  }
  if (!media.schema) return;
  if (type === "application/json") {
    let parsed: unknown;
    try {
      // Servers decode bodies as UTF-8 with the BOM dropped (TextDecoder), so a leading BOM is no error.
      parsed = JSON.parse(request.body.replace(/^\uFEFF/, ""));
    } catch {
      problems.push("body: not valid JSON");
      return;
    }
    checkValue(doc, media.schema, parsed, "body", false, problems);
  } else if (type === "application/x-www-form-urlencoded") {
    checkValue(doc, media.schema, Object.fromEntries(new URLSearchParams(request.body)), "body", true, problems);
  }
}

/** Every way the request departs from the spec; empty when it conforms. */
/**
 * `ignoreUnexpectedBody`: a body sent to an operation that takes none, or a query parameter it
 * does not declare, is not a problem (our API ignores both, as HTTP allows); a network adapter
 * sending one is, so that stays the default.
 */
export function checkRequestAgainstSpec(doc: OpenApiDocument, request: CapturedRequest, options: { scopes?: readonly string[]; ignoreUnexpectedBody?: boolean } = {}): string[] {
  const url = new URL(request.url);
  const match = findOperation(doc, request.method, request.url);
  if (!match) return [`${request.method} ${url.origin}${url.pathname}: no operation in the spec for this method and path`];
  const problems: string[] = [];
  const apiKeyQueryNames = new Set(Object.values(doc.components?.securitySchemes ?? {}).flatMap((s) => (s.type === "apiKey" && s.in === "query" && s.name ? [s.name] : [])));
  checkParameters(doc, match, url, apiKeyQueryNames, problems, options.ignoreUnexpectedBody ?? false);
  checkSecurity(doc, match, request, url, options.scopes, problems);
  checkBody(doc, match, request, problems, options.ignoreUnexpectedBody ?? false);
  return problems.map((p) => `${request.method} ${match.template}: ${p}`);
}
