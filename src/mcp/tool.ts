import type { Context } from "hono";
import type * as v from "valibot";
import type { DomainContext } from "../domain/core/index.js";
import type { AppEnv } from "../http/context.js";
import type { ErrorCode } from "../infra/error-catalogue.js";
import type { RequiredAction } from "../domain/agents/index.js";

/** What a tool runs with: its own domain context (one per call) and the HTTP request it came in on, for rate limits. */
export interface ToolCall {
  ctx: DomainContext;
  http: Context<AppEnv>;
}

export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/**
 * One MCP tool over one domain function. `input` is the valibot schema that checks the arguments
 * (the REST route's own schema wherever the shapes match) and `output` the schema of the REST
 * answer; both are published as JSON Schema from these same objects.
 */
export interface ToolDefinition<I extends v.GenericSchema = v.GenericSchema, O extends v.GenericSchema = v.GenericSchema> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  /**
   * What an OAuth agent's grant must include to call it (src/domain/agents/grant.ts). Unset: `read`
   * for a read-only tool, owner-only otherwise, so a new writing tool is closed to agents until
   * it names its action.
   */
  action?: RequiredAction;
  /** Domain codes for specific arguments, as the REST route names them (e.g. `{ text: "text_required" }`). */
  codes?: Partial<Record<string, ErrorCode>>;
  /** Returns the REST route's answer; like `c.json` there, the domain's view type is not re-checked against `output`. */
  run(call: ToolCall, input: v.InferOutput<I>, raw: Record<string, unknown>): Promise<object>;
}

/** Keeps each tool's input and output types tied to its schemas while the list holds them all alike. */
export function defineTool<I extends v.GenericSchema, O extends v.GenericSchema>(tool: ToolDefinition<I, O>): ToolDefinition {
  return tool as unknown as ToolDefinition;
}

export const readOnly: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export function toolAction(tool: ToolDefinition): RequiredAction {
  return tool.action ?? (tool.annotations.readOnlyHint ? "read" : "owner");
}
