import { SELF } from "cloudflare:test";
import { expect, inject } from "vitest";

export const BASE = "https://chorus.test";

/** A request to the Worker entry with the shared workspace's test key; asserts the status and answers the parsed body. */
export async function call<T>(path: string, init: RequestInit & { json?: unknown } = {}, expected = 200): Promise<T> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("authorization", `Bearer ${inject("apiKey")}`);
  if (json !== undefined) headers.set("content-type", "application/json");
  const response = await SELF.fetch(`${BASE}${path}`, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
  const text = await response.text();
  expect(response.status, text).toBe(expected);
  return JSON.parse(text) as T;
}
