import { toJsonSchema } from "@valibot/to-json-schema";
import type * as v from "valibot";
import { ErrorEnvelopeSchema } from "../routes/openapi-helpers.js";

/** A tool's schema as MCP publishes it: a JSON Schema object whose root is `type: "object"`. */
export type ToolJsonSchema = { type: "object"; [key: string]: unknown };

/**
 * The valibot schema that checks a tool's arguments, or describes its result, as JSON Schema.
 * Parts with no JSON Schema form (trimming, custom checks) are left out rather than refused:
 * the valibot schema stays the judge of every call, the JSON Schema only tells the agent.
 */
export function toolJsonSchema(schema: v.GenericSchema): ToolJsonSchema {
  const { $schema: _dialect, ...rest } = toJsonSchema(schema, { errorMode: "ignore" }) as Record<string, unknown>;
  return { ...rest, type: "object" };
}

const errorEnvelope = toolJsonSchema(ErrorEnvelopeSchema);

/**
 * A failed call answers `isError: true` with the REST error envelope as structured content, and
 * the official client checks structured content against the output schema even then. So the
 * published output schema admits the envelope beside the tool's own result.
 */
export function toolOutputSchema(schema: v.GenericSchema): ToolJsonSchema {
  return { type: "object", anyOf: [toolJsonSchema(schema), errorEnvelope] };
}
