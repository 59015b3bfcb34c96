/** A JSON object, as opposed to null, an array or a scalar: what a parsed body must be before its fields are read. */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
