import { readFileSync } from "node:fs";

/**
 * Checks requests an adapter sent against a Google API discovery document
 * (https://developers.google.com/discovery/v1/reference/apis), the machine-readable description
 * Google publishes for each API. A request conforms when:
 * - its URL is under `rootUrl + servicePath` (or a method's media-upload path under `rootUrl`),
 * - one method has its HTTP method and a path template (`{id}`, `{+name}`) matching the path,
 * - every query parameter is the method's or a global one, single-valued unless `repeated`,
 *   with a valid boolean/integer/enum value and within `minimum`/`maximum`,
 * - every required parameter is present, path values match their `pattern`,
 * - a JSON body only uses properties of the method's request schema (recursively, with enums),
 * - `part` (YouTube) names only properties of the resource the method returns or takes.
 */
export interface DiscoveryParameter {
  type?: string;
  location?: string;
  required?: boolean;
  repeated?: boolean;
  enum?: string[];
  pattern?: string;
  minimum?: string;
  maximum?: string;
}

export interface DiscoverySchema {
  id?: string;
  type?: string;
  $ref?: string;
  enum?: string[];
  properties?: Record<string, DiscoverySchema>;
  items?: DiscoverySchema;
  additionalProperties?: DiscoverySchema;
}

export interface DiscoveryMethod {
  id: string;
  path: string;
  flatPath?: string;
  httpMethod: string;
  parameters?: Record<string, DiscoveryParameter>;
  request?: { $ref: string };
  response?: { $ref: string };
  scopes?: string[];
  mediaUpload?: { accept?: string[]; maxSize?: string; protocols?: Record<string, { path: string; multipart?: boolean }> };
}

export interface DiscoveryResource {
  methods?: Record<string, DiscoveryMethod>;
  resources?: Record<string, DiscoveryResource>;
}

export interface DiscoveryDocument {
  id: string;
  rootUrl: string;
  servicePath: string;
  parameters?: Record<string, DiscoveryParameter>;
  resources: Record<string, DiscoveryResource>;
  schemas?: Record<string, DiscoverySchema>;
  auth?: { oauth2?: { scopes?: Record<string, unknown> } };
}

export interface CapturedRequest {
  method: string;
  url: string;
  /** The raw body text, if any. */
  body?: string | null;
  /** Lower-case header names; a media upload's `content-type` is checked against the method's `accept`. */
  headers?: Record<string, string>;
}

export interface DiscoveryCheck {
  /** The discovery id of the method the request resolved to (`youtube.channels.list`), or null. */
  methodId: string | null;
  problems: string[];
}

export function loadDiscoveryDocument(path: string): DiscoveryDocument {
  const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
  if (!isRecord(parsed) || parsed.kind !== "discovery#restDescription" || typeof parsed.rootUrl !== "string" || !isRecord(parsed.resources)) {
    throw new Error(`${path} is not a Google discovery document`);
  }
  return parsed as unknown as DiscoveryDocument;
}

export function allMethods(doc: DiscoveryDocument): DiscoveryMethod[] {
  const out: DiscoveryMethod[] = [];
  const walk = (resources: Record<string, DiscoveryResource>) => {
    for (const resource of Object.values(resources)) {
      out.push(...Object.values(resource.methods ?? {}));
      walk(resource.resources ?? {});
    }
  };
  walk(doc.resources);
  return out;
}

export function findMethod(doc: DiscoveryDocument, id: string): DiscoveryMethod | null {
  return allMethods(doc).find((m) => m.id === id) ?? null;
}

/** Whether the granted scopes include one the method accepts. */
export function scopesAllow(method: DiscoveryMethod, granted: readonly string[]): boolean {
  return (method.scopes ?? []).some((scope) => granted.includes(scope));
}

export function checkRequestAgainstDiscovery(doc: DiscoveryDocument, request: CapturedRequest): DiscoveryCheck {
  const url = new URL(request.url);
  const httpMethod = request.method.toUpperCase();
  const resolved = resolveMethod(doc, url, httpMethod);
  if ("problem" in resolved) return { methodId: null, problems: [resolved.problem] };
  const { method, pathValues, upload } = resolved;
  const problems: string[] = [];
  const here = `${httpMethod} ${url.pathname} (${method.id})`;
  const params = method.parameters ?? {};

  for (const [name, value] of Object.entries(pathValues)) {
    const pattern = params[name]?.pattern;
    if (pattern && !new RegExp(pattern).test(value)) problems.push(`${here}: path parameter ${name}=${value} does not match ${pattern}`);
  }

  const query = new Map<string, string[]>();
  for (const [key, value] of url.searchParams) query.set(key, [...(query.get(key) ?? []), value]);
  for (const [name, values] of query) {
    const param = params[name] ?? doc.parameters?.[name];
    if (!param || param.location === "path") {
      problems.push(`${here}: unknown query parameter ${name}`);
      continue;
    }
    if (values.length > 1 && !param.repeated) problems.push(`${here}: ${name} is not repeated but was sent ${values.length} times`);
    const items = param.repeated ? values.flatMap((v) => v.split(",")) : values;
    for (const item of items) {
      const problem = valueProblem(param, item);
      if (problem) problems.push(`${here}: ${name}=${item}: ${problem}`);
    }
  }
  for (const [name, param] of Object.entries(params)) {
    if (param.required && param.location === "query" && !query.has(name)) problems.push(`${here}: required parameter ${name} missing`);
  }

  const partParam = params.part;
  if (partParam && query.has("part")) {
    const resource = resourceSchema(doc, method);
    if (resource) {
      for (const part of (query.get("part") ?? []).flatMap((p) => p.split(","))) {
        if (!resource.properties?.[part]) problems.push(`${here}: part "${part}" is not a property of ${resource.id ?? "the resource"}`);
      }
    }
  }

  const body = request.body ?? "";
  if (body.length > 0) {
    if (!method.request && upload) {
      // A simple media upload's body is the file itself, of an accepted type.
      const type = (request.headers?.["content-type"] ?? "").split(";")[0]?.trim() ?? "";
      const accept = method.mediaUpload?.accept ?? [];
      if (!accept.some((a) => a === type || (a.endsWith("/*") && type.startsWith(a.slice(0, -1))))) problems.push(`${here}: media type ${type} is not in ${JSON.stringify(accept)}`);
    } else if (!method.request) {
      problems.push(`${here}: the method takes no request body`);
    } else {
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
        if (!upload) problems.push(`${here}: body is not JSON`);
      }
      if (json !== undefined) schemaProblems(doc, { $ref: method.request.$ref }, json, "body", problems, here);
    }
  }
  return { methodId: method.id, problems };
}

type Resolved = { method: DiscoveryMethod; pathValues: Record<string, string>; upload: boolean } | { problem: string };

function resolveMethod(doc: DiscoveryDocument, url: URL, httpMethod: string): Resolved {
  const root = new URL(doc.rootUrl);
  if (url.origin !== root.origin) return { problem: `${url.origin} is not the API's root ${root.origin}` };
  const methods = allMethods(doc);
  for (const method of methods) {
    for (const protocol of Object.values(method.mediaUpload?.protocols ?? {})) {
      if (url.pathname === protocol.path && method.httpMethod === httpMethod) return { method, pathValues: {}, upload: true };
    }
  }
  const base = `${root.pathname}${doc.servicePath}`;
  if (!url.pathname.startsWith(base)) return { problem: `${url.pathname} is outside ${base}` };
  const relative = url.pathname.slice(base.length);
  const matches: Array<{ method: DiscoveryMethod; pathValues: Record<string, string>; literal: number }> = [];
  for (const method of methods) {
    for (const template of new Set([method.path, method.flatPath ?? method.path])) {
      const match = matchTemplate(template, relative);
      if (match) matches.push({ method, pathValues: match, literal: template.replace(/\{[^}]+\}/g, "").length });
    }
  }
  const sameVerb = matches.filter((m) => m.method.httpMethod === httpMethod).sort((a, b) => b.literal - a.literal);
  const best = sameVerb[0];
  if (best) return { method: best.method, pathValues: best.pathValues, upload: false };
  if (matches.length > 0) {
    const verbs = [...new Set(matches.map((m) => m.method.httpMethod))].join(", ");
    return { problem: `${httpMethod} ${url.pathname}: no such method; the path takes ${verbs}` };
  }
  return { problem: `${httpMethod} ${url.pathname}: no method has this path` };
}

/** RFC 6570 level 2 as discovery uses it: `{x}` is one segment, `{+x}` may span slashes. */
function matchTemplate(template: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const source = template.replace(/[.*?^$()|[\]\\]/g, "\\$&").replace(/\{(\+?)([^}]+)\}/g, (_all, plus: string, name: string) => {
    names.push(name);
    return plus ? "(.+)" : "([^/]+)";
  });
  const match = new RegExp(`^${source}$`).exec(path);
  if (!match) return null;
  const values: Record<string, string> = {};
  names.forEach((name, i) => {
    values[name] = decodeURIComponent(match[i + 1] ?? "");
  });
  return values;
}

function valueProblem(param: DiscoveryParameter, value: string): string | null {
  if (param.enum && !param.enum.includes(value)) return `not one of ${param.enum.join(", ")}`;
  if (param.type === "boolean" && value !== "true" && value !== "false") return "not a boolean";
  if (param.type === "integer") {
    if (!/^-?\d+$/.test(value)) return "not an integer";
    const n = Number(value);
    if (param.minimum !== undefined && n < Number(param.minimum)) return `below minimum ${param.minimum}`;
    if (param.maximum !== undefined && n > Number(param.maximum)) return `above maximum ${param.maximum}`;
  }
  if (param.type === "number" && !Number.isFinite(Number(value))) return "not a number";
  if (param.pattern && !new RegExp(param.pattern).test(value)) return `does not match ${param.pattern}`;
  return null;
}

function deref(doc: DiscoveryDocument, schema: DiscoverySchema): DiscoverySchema | null {
  return schema.$ref ? (doc.schemas?.[schema.$ref] ?? null) : schema;
}

/** The resource a `part` selects from: the request body's schema, or a list response's item schema. */
function resourceSchema(doc: DiscoveryDocument, method: DiscoveryMethod): DiscoverySchema | null {
  if (method.request) return doc.schemas?.[method.request.$ref] ?? null;
  const response = method.response ? doc.schemas?.[method.response.$ref] : undefined;
  const items = response?.properties?.items?.items;
  if (items) return deref(doc, items);
  return response ?? null;
}

function schemaProblems(doc: DiscoveryDocument, schemaIn: DiscoverySchema, value: unknown, at: string, problems: string[], here: string): void {
  const schema = deref(doc, schemaIn);
  if (!schema) {
    problems.push(`${here}: ${at}: unknown schema ${schemaIn.$ref ?? ""}`);
    return;
  }
  if (schema.type === "object" || schema.properties) {
    if (!isRecord(value)) {
      problems.push(`${here}: ${at} should be an object`);
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      const childSchema = schema.properties?.[key] ?? schema.additionalProperties;
      if (!childSchema) problems.push(`${here}: ${at}.${key} is not a property of ${schema.id ?? "the schema"}`);
      else schemaProblems(doc, childSchema, child, `${at}.${key}`, problems, here);
    }
    return;
  }
  if (schema.type === "array") {
    if (!Array.isArray(value)) problems.push(`${here}: ${at} should be an array`);
    else if (schema.items) value.forEach((item, i) => schemaProblems(doc, schema.items ?? {}, item, `${at}[${i}]`, problems, here));
    return;
  }
  // Discovery encodes int64 as strings, so integers may arrive either way.
  const typeOk =
    schema.type === undefined ||
    schema.type === "any" ||
    (schema.type === "string" && typeof value === "string") ||
    (schema.type === "boolean" && typeof value === "boolean") ||
    ((schema.type === "integer" || schema.type === "number") && (typeof value === "number" || (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value))));
  if (!typeOk) problems.push(`${here}: ${at} should be ${schema.type}`);
  else if (schema.enum && typeof value === "string" && !schema.enum.includes(value)) problems.push(`${here}: ${at}=${value} is not one of ${schema.enum.join(", ")}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
