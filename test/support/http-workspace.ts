import type { TestWorkspace } from "./test-app.js";
import { type ApiCalls, apiCalls } from "./workspace-fixture.js";

/**
 * A workspace on a server this test reaches over HTTP (a child-process server, an app served on a
 * port): the typed calls of workspace-fixture.ts over fetch with the key, so these tests read
 * answers as the in-process ones do. Such answers are not checked against /openapi.json on the
 * way (only a TestApp's are): the types are the document's, the bodies the server's.
 */
export interface HttpWorkspace extends ApiCalls {
  /** `http://127.0.0.1:<port>`. */
  base: string;
  key: string;
  /** The raw call, for what the typed ones do not send (an Idempotency-Key answer read twice, a fault). */
  request: TestWorkspace["request"];
}

export function httpWorkspace(base: string, key: string): HttpWorkspace {
  const request: TestWorkspace["request"] = (path, init = {}) => {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    headers.set("authorization", `Bearer ${key}`);
    if (json !== undefined) headers.set("content-type", "application/json");
    return fetch(`${base}${path}`, { ...rest, headers, ...(json === undefined ? {} : { body: JSON.stringify(json) }) });
  };
  return { base, key, request, ...apiCalls(request) };
}

/** The key a server prints on its first start, just after its listening line (waits up to 10 s for it). */
export async function firstStartKey(output: () => string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const key = output()
      .split("\n")
      .find((line) => /^sk_test_/.test(line.trim()))
      ?.trim();
    if (key) return key;
    await new Promise((r) => setTimeout(r, 100));
  }
  return "";
}
