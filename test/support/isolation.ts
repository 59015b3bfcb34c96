import { expect } from "vitest";
import type { TestApp, TestWorkspace } from "./test-app.js";

/**
 * One tenant-isolation check per route. `seed` makes records in workspace A and returns what
 * identifies them (ids, usernames, handles); `probe` requests as workspace B and must show none
 * of them: 404 for an id of A (never 403, never details), and lists without A's records.
 */
export interface IsolationCase {
  method: string;
  path: string;
  seed: (t: TestApp, a: TestWorkspace) => Promise<Record<string, string>>;
  probe: (t: TestApp, b: TestWorkspace, seeded: Record<string, string>) => Promise<void>;
}

/** B asks for A's record by id: a 404 that says nothing about A. */
export async function expectNotFound(response: Response, seeded: Record<string, string>): Promise<void> {
  expect(response.status).toBe(404);
  const text = await response.text();
  for (const [name, value] of Object.entries(seeded)) {
    if (name.startsWith("id")) continue;
    expect(text, `404 body mentions ${name}`).not.toContain(value);
  }
}

/** B's answer must not contain any identifier of A's records. */
export async function expectInvisible(response: Response, seeded: Record<string, string>): Promise<void> {
  expect(response.status).toBeLessThan(500);
  const text = await response.text();
  for (const [name, value] of Object.entries(seeded)) expect(text, `B sees A's ${name}`).not.toContain(value);
}

export function routeKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}
