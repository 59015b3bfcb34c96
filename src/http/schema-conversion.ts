import { resolver } from "hono-openapi";
import * as v from "valibot";

/**
 * How valibot schemas become OpenAPI schemas. Two marks make the document serve code generators:
 *
 * - `named(name, schema, example)`: the schema becomes `components.schemas[name]` (with its example)
 *   and every use of it a `$ref`, so a generated client gets a `Post` type instead of forty inline
 *   copies. It works through valibot metadata (`ref`, `examples`), which hono-openapi's converter reads.
 * - `documentAs(schema, name)`: the schema is documented as a component built elsewhere (for example
 *   `PlatformOptions`, typed per network from the capability records that validate the options)
 *   while the request is still validated by the schema itself.
 */

const documented = new WeakMap<object, string>();

/** Documents `schema` as `$ref: #/components/schemas/<component>`; the component must be in the document's `components`. */
export function documentAs<S extends v.GenericSchema>(schema: S, component: string): S {
  documented.set(schema, component);
  return schema;
}

function overrideSchema(context: { valibotSchema: object }): { $ref: string } | undefined {
  const component = documented.get(context.valibotSchema);
  return component ? { $ref: `#/components/schemas/${component}` } : undefined;
}

/** The options every conversion passes to @valibot/to-json-schema (through hono-openapi's resolver). */
export const conversionOptions = { options: { overrideSchema } };

/** `resolver(schema)` with Chorus's conversion options: use it for every schema put in the document. */
export function openApiSchema(schema: v.GenericSchema) {
  return resolver(schema, conversionOptions as never);
}

/**
 * Names a schema: it is published once as `components.schemas[name]` with `example` (typed by the
 * schema, so an example cannot drift from its type silently) and referenced everywhere it is used.
 * Without `example`, the document builds one from the parts (src/openapi/examples.ts).
 * Name response and request-body schemas only; query and path schemas become parameters.
 */
export function named<S extends v.GenericSchema>(name: string, schema: S, example?: v.InferOutput<S>) {
  return v.pipe(schema, v.metadata({ ref: name, ...(example === undefined ? {} : { examples: [example] }) }));
}

/** `named` for a request body: the example is what a caller sends (the schema's input type). */
export function namedBody<S extends v.GenericSchema>(name: string, schema: S, example: v.InferInput<S>) {
  return v.pipe(schema, v.metadata({ ref: name, examples: [example] }));
}
