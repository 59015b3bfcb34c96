/**
 * The served OpenAPI document read as the reference shows it: operations grouped by tag, each
 * with its parameters, request body and answers, and every schema turned into rows of fields
 * (name, type, required, description, constraints) with their nested fields. Nothing here is
 * written by hand: a field documented in a route's valibot schema appears on its page.
 */

export type Json = unknown;
export type Schema = Record<string, unknown>;

interface RawParameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
  example?: Json;
}
interface RawMediaType {
  schema?: Schema;
  example?: Json;
}
interface RawOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: RawParameter[];
  security?: unknown[];
  requestBody?: { description?: string; required?: boolean; content?: Record<string, RawMediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, RawMediaType> }>;
}
export interface ReferenceDocument {
  info: { title: string; version: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Field {
  name: string;
  type: string;
  required: boolean;
  description: string | undefined;
  constraints: string[];
  children: Field[];
  /** Alternatives of a oneOf/anyOf of objects, each with its own fields. */
  variants: { title: string; fields: Field[] }[];
}

export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description: string | undefined;
  type: string;
  constraints: string[];
  example: Json;
}

export interface Body {
  contentType: string;
  fields: Field[];
  /** The schema's own type line when the body is not an object (an array, raw bytes). */
  type: string;
  example: Json;
}

export interface Answer {
  status: string;
  description: string;
  body: Body | undefined;
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  tag: string;
  summary: string;
  description: string | undefined;
  /** False for the public routes (`security: []`), which need no key. */
  needsKey: boolean;
  parameters: Parameter[];
  requestBody: (Body & { required: boolean }) | undefined;
  answers: Answer[];
}

export interface Tag {
  name: string;
  slug: string;
  description: string | undefined;
  operations: Operation[];
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
/** Deep enough for every body the API has; anything deeper is in /openapi.json. */
const MAX_DEPTH = 6;

export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const isSchema = (value: unknown): value is Schema => typeof value === "object" && value !== null && !Array.isArray(value);
const refName = (ref: string): string => ref.replace("#/components/schemas/", "");

export class SchemaReader {
  constructor(private readonly components: Record<string, Schema>) {}

  resolve(schema: Schema): Schema {
    let current = schema;
    for (let hops = 0; typeof current.$ref === "string" && hops < 10; hops++) {
      const target = this.components[refName(current.$ref as string)];
      if (!target) break;
      current = { ...target, ...(current.description ? { description: current.description } : {}) };
    }
    return current;
  }

  /** The alternatives of a union, with `null` left out (it shows as "nullable"). */
  private alternatives(schema: Schema): { options: Schema[]; nullable: boolean } {
    const list = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
    if (!Array.isArray(list)) return { options: [schema], nullable: false };
    const options = list.filter((option) => !(isSchema(option) && option.type === "null"));
    return { options, nullable: options.length < list.length };
  }

  typeOf(schema: Schema, depth = 0): string {
    if (typeof schema.$ref === "string") {
      const target = this.resolve(schema);
      const name = refName(schema.$ref);
      return this.isObject(target) ? name : `${this.typeOf(target, depth + 1)}`;
    }
    if (depth > MAX_DEPTH) return "value";
    const { options, nullable } = this.alternatives(schema);
    if (options.length > 1 || options[0] !== schema) {
      const names = [...new Set(options.map((option) => this.typeOf(option, depth + 1)))];
      return `${names.join(" or ")}${nullable ? " or null" : ""}`;
    }
    if (schema.const !== undefined) return JSON.stringify(schema.const);
    const raw = schema.type;
    const types = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]) as string[];
    const named = types
      .filter((type) => type !== "null")
      .map((type) => {
        if (type === "array" && isSchema(schema.items)) return `array of ${this.typeOf(schema.items, depth + 1)}`;
        if (type === "string" && typeof schema.format === "string") return `string (${schema.format})`;
        return type;
      });
    if (named.length === 0) return schema.properties ? "object" : "any";
    return `${named.join(" or ")}${types.includes("null") ? " or null" : ""}`;
  }

  isObject(schema: Schema): boolean {
    const resolved = this.resolve(schema);
    return resolved.type === "object" || isSchema(resolved.properties);
  }

  constraints(input: Schema): string[] {
    const schema = this.resolve(input);
    const out: string[] = [];
    const enumValues = Array.isArray(schema.enum) ? schema.enum : undefined;
    if (enumValues) out.push(`one of ${enumValues.map((value) => JSON.stringify(value)).join(", ")}`);
    const bound = (key: string, text: string) => {
      if (typeof schema[key] === "number") out.push(`${text} ${schema[key]}`);
    };
    bound("minLength", "at least this many characters:");
    bound("maxLength", "at most this many characters:");
    bound("minimum", "minimum");
    bound("maximum", "maximum");
    bound("exclusiveMinimum", "greater than");
    bound("exclusiveMaximum", "less than");
    bound("minItems", "at least this many items:");
    bound("maxItems", "at most this many items:");
    if (schema.uniqueItems === true) out.push("items unique");
    if (typeof schema.pattern === "string") out.push(`matches ${schema.pattern}`);
    if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
    const items = isSchema(schema.items) ? this.resolve(schema.items) : undefined;
    if (items && Array.isArray(items.enum)) out.push(`each one of ${items.enum.map((value) => JSON.stringify(value)).join(", ")}`);
    return out;
  }

  /** The fields of an object schema (or of the objects an array holds), nested to MAX_DEPTH. */
  fields(input: Schema, depth = 0, seen: string[] = []): Field[] {
    if (depth > MAX_DEPTH) return [];
    const ref = typeof input.$ref === "string" ? refName(input.$ref) : undefined;
    if (ref && seen.includes(ref)) return [];
    const path = ref ? [...seen, ref] : seen;
    const schema = this.resolve(input);
    if (schema.type === "array" && isSchema(schema.items)) return this.fields(schema.items, depth, path);
    const properties = isSchema(schema.properties) ? (schema.properties as Record<string, Schema>) : {};
    const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    return Object.entries(properties).map(([name, property]) => this.field(name, property, required.has(name), depth, path));
  }

  private field(name: string, property: Schema, required: boolean, depth: number, seen: string[]): Field {
    const resolved = this.resolve(property);
    const { options } = this.alternatives(resolved);
    const objectOptions = options.filter((option) => this.isObject(option) || (isSchema(option.items) && this.isObject(option.items)));
    const description = (property.description ?? resolved.description) as string | undefined;
    let children: Field[] = [];
    let variants: Field["variants"] = [];
    if (objectOptions.length > 1) {
      variants = objectOptions.map((option, index) => ({ title: this.variantTitle(option, index), fields: this.fields(option, depth + 1, seen) }));
    } else if (objectOptions.length === 1) {
      children = this.fields(objectOptions[0] as Schema, depth + 1, seen);
    }
    return { name, type: this.typeOf(property), required, description, constraints: this.constraints(options.length === 1 ? (options[0] as Schema) : resolved), children, variants };
  }

  private variantTitle(option: Schema, index: number): string {
    if (typeof option.$ref === "string") return refName(option.$ref);
    const resolved = this.resolve(option);
    if (typeof resolved.title === "string") return resolved.title;
    const properties = isSchema(resolved.properties) ? (resolved.properties as Record<string, Schema>) : {};
    for (const [key, value] of Object.entries(properties)) {
      if (isSchema(value) && value.const !== undefined) return `${key}: ${JSON.stringify(value.const)}`;
    }
    return `Option ${index + 1}`;
  }
}

function body(reader: SchemaReader, content: Record<string, RawMediaType> | undefined): Body | undefined {
  const entry = content ? Object.entries(content)[0] : undefined;
  if (!entry) return undefined;
  const [contentType, media] = entry;
  const schema = media.schema ?? {};
  return { contentType, fields: reader.fields(schema), type: reader.typeOf(schema), example: media.example };
}

/** Every operation of the document, grouped by its first tag in the document's tag order. */
export function readReference(document: ReferenceDocument): { tags: Tag[]; operations: Operation[]; reader: SchemaReader } {
  const reader = new SchemaReader(document.components?.schemas ?? {});
  const tags: Tag[] = (document.tags ?? []).map((tag) => ({ name: tag.name, slug: slugify(tag.name), description: tag.description, operations: [] }));
  const byName = new Map(tags.map((tag) => [tag.name, tag]));
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const raw = methods[method];
      if (!raw) continue;
      const tagName = raw.tags?.[0] ?? "Other";
      let tag = byName.get(tagName);
      if (!tag) {
        tag = { name: tagName, slug: slugify(tagName), description: undefined, operations: [] };
        byName.set(tagName, tag);
        tags.push(tag);
      }
      const operation: Operation = {
        id: raw.operationId ?? slugify(`${method} ${path}`),
        method: method.toUpperCase(),
        path,
        tag: tag.name,
        summary: raw.summary ?? `${method.toUpperCase()} ${path}`,
        description: raw.description,
        needsKey: !(Array.isArray(raw.security) && raw.security.length === 0),
        parameters: (raw.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: parameter.required === true,
          description: parameter.description ?? (parameter.schema?.description as string | undefined),
          type: reader.typeOf(parameter.schema ?? {}),
          constraints: reader.constraints(parameter.schema ?? {}),
          example: parameter.example ?? parameter.schema?.example,
        })),
        requestBody: raw.requestBody ? withRequired(body(reader, raw.requestBody.content), raw.requestBody.required === true) : undefined,
        answers: Object.entries(raw.responses ?? {}).map(([status, answer]) => ({ status, description: answer.description ?? "", body: body(reader, answer.content) })),
      };
      tag.operations.push(operation);
      operations.push(operation);
    }
  }
  return { tags: tags.filter((tag) => tag.operations.length > 0), operations, reader };
}

function withRequired(found: Body | undefined, required: boolean): (Body & { required: boolean }) | undefined {
  return found ? { ...found, required } : undefined;
}
