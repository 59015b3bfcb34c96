import { expect } from "vitest";
import type { WorkspaceFixture } from "./workspace-fixture.js";

/** What the generated-body property tests (test/api/option-rules-property.test.ts) draw with and set up through. */

/** mulberry32: a small deterministic generator, so a failure names a case that reproduces. */
export function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("empty choice");
  return item;
}

export async function upload(ws: WorkspaceFixture, bytes: Uint8Array<ArrayBuffer>, type: string): Promise<string> {
  const response = await ws.post("/v1/media", undefined, { raw: bytes, headers: { "content-type": type } });
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}

export async function connect(ws: WorkspaceFixture, json: Record<string, unknown>): Promise<string> {
  const response = await ws.post("/v1/social-accounts/connect", json);
  expect(response.status, response.text).toBe(201);
  return response.body.id;
}
