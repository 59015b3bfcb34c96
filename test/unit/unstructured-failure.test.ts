import { describe, expect, it } from "vitest";
import { unstructuredFailure } from "../../src/networks/http.js";

const failure = (status: number, body: unknown) => ({ status, headers: new Headers(), body });

describe("unstructuredFailure: a network failure whose body has no documented error shape", () => {
  it("keeps a proxy page's text without its tags, on one line, at most 200 characters", () => {
    const page = `<html><head><title>502 Bad Gateway</title></head>\n<body><h1>Bad   Gateway</h1><p>${"x".repeat(300)}</p></body></html>`;
    const extracted = unstructuredFailure(failure(502, page));
    expect(extracted).toMatchObject({ networkCode: null, subcode: null });
    expect(extracted.message.startsWith("502 Bad Gateway Bad Gateway x")).toBe(true);
    expect(extracted.message).toHaveLength(200);
  });

  it("names the HTTP status when there is no text to show", () => {
    expect(unstructuredFailure(failure(503, ""))).toEqual({ networkCode: null, subcode: null, message: "HTTP 503" });
    expect(unstructuredFailure(failure(500, { unexpected: true }))).toEqual({ networkCode: null, subcode: null, message: "HTTP 500" });
  });
});
