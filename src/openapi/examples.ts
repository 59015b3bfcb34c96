/**
 * Gives every JSON request body and success response in the document an `example`, so a reader
 * (and the reference renderer) sees a concrete body for every operation. Explicit examples win:
 * a media type's own `example`, else one built from the schema, where each named component
 * contributes its own example (`named(…)` in src/openapi/schema-conversion.ts) and the rest comes
 * from enums, defaults, formats and bounds. `redocly lint` checks every example against its schema.
 */

type Json = unknown;
type Schema = Record<string, unknown>;

interface MediaType {
  schema?: Schema;
  example?: Json;
  examples?: unknown;
}
interface Operation {
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}
export interface DocumentWithExamples {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const SAMPLE_TIME = "2026-11-24T09:00:00.000Z";
const MAX_DEPTH = 8;

const isSchema = (value: unknown): value is Schema => typeof value === "object" && value !== null && !Array.isArray(value);

function types(schema: Schema): string[] {
  const type = schema.type;
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === "string");
  return [];
}

function sampleString(schema: Schema): string {
  if (schema.format === "date-time") return SAMPLE_TIME;
  if (schema.format === "uri" || schema.format === "url") return "https://example.com/";
  if (schema.format === "email") return "ada@example.com";
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Number.POSITIVE_INFINITY;
  const text = "text".padEnd(min, "x");
  return text.slice(0, Math.max(min, Math.min(text.length, max)));
}

function sampleNumber(schema: Schema): number {
  if (typeof schema.minimum === "number") return schema.minimum;
  if (typeof schema.exclusiveMinimum === "number") return schema.exclusiveMinimum + 1;
  if (typeof schema.maximum === "number" && schema.maximum < 0) return schema.maximum;
  return 0;
}

/** An example value that satisfies `schema`; `components` resolves `$ref`s. */
export function exampleFor(schema: Schema, components: Record<string, Schema>, depth = 0): Json {
  if (typeof schema.$ref === "string") {
    const target = components[schema.$ref.replace("#/components/schemas/", "")];
    return target ? exampleFor(target, components, depth) : null;
  }
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ("example" in schema) return schema.example;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if ("default" in schema) return schema.default;
  const variants = [schema.anyOf, schema.oneOf].find(Array.isArray)?.filter(isSchema);
  if (variants) {
    // Nullable fields show null: the shortest true answer, and what an empty value looks like.
    if (variants.some((variant) => types(variant).includes("null"))) return null;
    const first = variants[0];
    return first ? exampleFor(first, components, depth) : null;
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.filter(isSchema).map((part) => exampleFor(part, components, depth)));
  }
  const [type] = types(schema);
  if (depth > MAX_DEPTH) return type === "array" ? [] : null;
  switch (type) {
    case "object": {
      const properties = isSchema(schema.properties) ? schema.properties : {};
      const out: Record<string, Json> = {};
      for (const [key, value] of Object.entries(properties)) if (isSchema(value)) out[key] = exampleFor(value, components, depth + 1);
      return out;
    }
    case "array": {
      const count = Math.max(typeof schema.minItems === "number" ? schema.minItems : 0, schema.maxItems === 0 ? 0 : 1);
      const item = isSchema(schema.items) ? exampleFor(schema.items, components, depth + 1) : "text";
      return Array.from({ length: count }, () => item);
    }
    case "string":
      return sampleString(schema);
    case "integer":
    case "number":
      return sampleNumber(schema);
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return null;
  }
}

function complete(content: Record<string, MediaType> | undefined, components: Record<string, Schema>): void {
  for (const [mediaType, media] of Object.entries(content ?? {})) {
    if (!/json/.test(mediaType) || !media.schema || media.example !== undefined || media.examples !== undefined) continue;
    media.example = exampleFor(media.schema, components);
  }
}

/** Adds the missing examples in place and returns the document. */
export function completeExamples<D extends DocumentWithExamples>(doc: D): D {
  const components = doc.components?.schemas ?? {};
  for (const methods of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(methods)) {
      complete(operation.requestBody?.content, components);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (status.startsWith("2")) complete(response.content, components);
      }
    }
  }
  return doc;
}
