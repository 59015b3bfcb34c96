import { ApiError } from "../infra/errors.js";
import { hasInvalidCharacters } from "../infra/well-formed-text.js";

/**
 * Limits every request input is held to before any endpoint sees it: no NUL or unpaired
 * surrogate in any string (see infra/well-formed-text.ts), and no nesting deep enough to exhaust
 * the stack of whatever walks the value recursively next (valibot, JSON.stringify, jsonb).
 */
export const MAX_JSON_DEPTH = 32;

export interface InputProblem {
  kind: "characters" | "depth";
  /** The field path in the style of `param`: `platformOptions.tiktok.title`, `media[2]`. */
  param: string | null;
}

const child = (parent: string | null, key: string | number) => (typeof key === "number" ? `${parent ?? ""}[${key}]` : parent ? `${parent}.${key}` : key);

/**
 * The first string (value or object key) with a NUL or an unpaired surrogate, or the first value
 * nested deeper than `MAX_JSON_DEPTH`, in a parsed JSON value. Iterative, so a 50,000-deep body
 * is measured without recursion.
 */
export function findInputProblem(value: unknown, root: string | null = null): InputProblem | null {
  const stack: { value: unknown; param: string | null; depth: number }[] = [{ value, param: root, depth: 0 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const current = item.value;
    if (typeof current === "string") {
      if (hasInvalidCharacters(current)) return { kind: "characters", param: item.param };
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (item.depth >= MAX_JSON_DEPTH) return { kind: "depth", param: item.param };
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], param: child(item.param, i), depth: item.depth + 1 });
      continue;
    }
    const entries = Object.entries(current as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, entry] = entries[i] as [string, unknown];
      // A key is reported at its parent: the key itself cannot be echoed back as a field name.
      if (hasInvalidCharacters(key)) return { kind: "characters", param: item.param };
      stack.push({ value: entry, param: child(item.param, key), depth: item.depth + 1 });
    }
  }
  return null;
}

export function inputProblemError(problem: InputProblem): ApiError {
  const where = problem.param ? `\`${problem.param}\`` : "The body";
  if (problem.kind === "depth") {
    return new ApiError("field_invalid", {
      param: problem.param,
      message: `${where} is nested more than ${MAX_JSON_DEPTH} levels deep.`,
      fix: `Flatten the value named in \`param\`: objects and arrays nest at most ${MAX_JSON_DEPTH} levels in any request.`,
      beforeExecution: true,
    });
  }
  return new ApiError("text_invalid_characters", {
    param: problem.param,
    message: `${where} contains a NUL character (U+0000) or an unpaired UTF-16 surrogate, which cannot be stored or published.`,
    beforeExecution: true,
  });
}

/** Throws the envelope for the first problem in `value`, if any. */
export function assertSafeInput(value: unknown, root: string | null = null): void {
  const problem = findInputProblem(value, root);
  if (problem) throw inputProblemError(problem);
}
