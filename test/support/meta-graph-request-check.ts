import { readFileSync } from "node:fs";

/**
 * Checks Graph requests an adapter sent against Meta's own node descriptions
 * (test/fixtures/specs/meta-graph/specs/<Node>.json, from Meta's business SDK code generator).
 * A request to `/{version}/{id}` or `/{version}/{id}/{edge}`, read as the node type the caller
 * names, conforms when:
 * - the node has an api with that HTTP method and that edge (none for the node itself),
 * - every parameter sent (query and form body together, as Graph reads them) is declared on that
 *   api, besides `access_token` and, on reads, `fields` and (on edges) Graph's paging parameters,
 * - enum parameters carry one of the enum's values, booleans are `true`/`false`, integers are
 *   integers, `Object`/`map` parameters are JSON objects, and required parameters are present,
 * - `fields` asks only for fields of the node the api returns, nested selections (`video{id}`)
 *   checked against the nested field's own node.
 */

interface MetaParam {
  name: string;
  type: string;
  required?: boolean;
}
interface MetaApi {
  method: string;
  endpoint?: string | null;
  return?: string;
  params?: MetaParam[];
}
interface MetaNode {
  fields?: { name: string; type: string }[];
  apis?: MetaApi[];
}

const specDir = new URL("../fixtures/specs/meta-graph/specs/", import.meta.url);
const cache = new Map<string, MetaNode | null>();

function node(name: string): MetaNode | null {
  if (!cache.has(name)) {
    try {
      cache.set(name, JSON.parse(readFileSync(new URL(`${name}.json`, specDir), "utf8")) as MetaNode);
    } catch {
      cache.set(name, null);
    }
  }
  return cache.get(name) ?? null;
}

const enums = new Map((JSON.parse(readFileSync(new URL("enum_types.json", specDir), "utf8")) as { name: string; values: string[] }[]).map((e) => [e.name, e.values]));

const pagingParams = ["limit", "after", "before", "since", "until"];

/** `list<AdVideo>` and `AdVideo` both name the node AdVideo. */
const innerType = (type: string) => type.replace(/^list<(.+)>$/, "$1");

function splitFields(spec: string): { name: string; nested: string | null }[] {
  const out: { name: string; nested: string | null }[] = [];
  let depth = 0;
  let current = "";
  for (const ch of `${spec},`) {
    if (ch === "{" || ch === "(") depth++;
    if (ch === "}" || ch === ")") depth--;
    if (ch === "," && depth === 0) {
      const part = current.trim();
      current = "";
      if (!part) continue;
      const brace = part.indexOf("{");
      const head = (brace === -1 ? part : part.slice(0, brace)).split(".")[0] ?? part;
      out.push({ name: head, nested: brace === -1 ? null : part.slice(brace + 1, part.lastIndexOf("}")) });
    } else current += ch;
  }
  return out;
}

function checkFields(problems: string[], nodeName: string, spec: string): void {
  const described = node(nodeName);
  if (!described) return void problems.push(`no description of node ${nodeName}`);
  for (const field of splitFields(spec)) {
    const found = described.fields?.find((f) => f.name === field.name);
    if (!found) problems.push(`field ${field.name} is not a field of ${nodeName}`);
    else if (field.nested) checkFields(problems, innerType(found.type), field.nested);
  }
}

function checkValue(problems: string[], param: MetaParam, value: string): void {
  const type = param.type;
  const values = enums.get(type);
  if (values && !values.includes(value)) problems.push(`${param.name}=${value} is not one of ${type} {${values.join(", ")}}`);
  if (type === "bool" && value !== "true" && value !== "false") problems.push(`${param.name}=${value} is not a bool`);
  if ((type === "int" || type === "unsigned int") && !/^-?\d+$/.test(value)) problems.push(`${param.name}=${value} is not an integer`);
  if (type === "Object" || type === "map") {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) problems.push(`${param.name} is not a JSON object`);
    } catch {
      problems.push(`${param.name} is not JSON`);
    }
  }
}

/** The problems with one request, read as a call on `nodeType`; empty when it conforms. */
export function graphRequestProblems(request: { method: string; url: URL; body: string }, nodeType: string): string[] {
  const problems: string[] = [];
  const described = node(nodeType);
  if (!described) return [`no description of node ${nodeType}`];
  const segments = request.url.pathname.split("/").filter(Boolean).slice(1);
  const edge = segments[1] ?? null;
  const api = described.apis?.find((a) => a.method === request.method && (a.endpoint ?? null) === edge);
  if (!api) return [`${nodeType} has no ${request.method} ${edge ?? "(node)"}`];
  const params = new URLSearchParams(request.url.search);
  for (const [key, value] of new URLSearchParams(request.body)) params.set(key, value);
  for (const [name, value] of params) {
    if (name === "access_token") continue;
    // Cursor paging applies to every edge read (Graph API "Paginated Results"), so no edge declares it.
    if (request.method === "GET" && edge !== null && pagingParams.includes(name)) continue;
    if (name === "fields" && request.method === "GET") {
      checkFields(problems, innerType(api.return ?? nodeType), value);
      continue;
    }
    const declared = api.params?.find((p) => p.name === name);
    if (!declared) problems.push(`${name} is not a parameter of ${request.method} ${nodeType}/${edge ?? ""}`);
    else checkValue(problems, declared, value);
  }
  for (const param of api.params ?? []) if (param.required && !params.has(param.name)) problems.push(`required ${param.name} is missing`);
  return problems;
}
