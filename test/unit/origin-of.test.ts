import { describe, expect, it } from "vitest";
import { originOf } from "../../src/http/request-context.js";

describe("originOf: the origin of a request's serialised URL without parsing it again", () => {
  it.each([
    "http://127.0.0.1:8787/v1/me/limits?profile=prof_1",
    "https://api.example.com/v1/posts",
    "HTTPS://API.Example.COM:443/v1/posts/%00",
    "http://[::1]:3000/docs",
    "http://localhost:80/",
    "http://example.com",
  ])("answers new URL(url).origin for %s", (raw) => {
    const serialised = new URL(raw).href;
    expect(originOf(serialised)).toBe(new URL(serialised).origin);
  });
});
