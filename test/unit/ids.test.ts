import { describe, expect, it } from "vitest";
import { newId, randomString } from "../../src/infra/ids.js";

describe("random ids", () => {
  it("have the prefix and twenty URL-safe characters, and never repeat across many refills of the byte pool", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const id = newId("post");
      expect(id).toMatch(/^post_[0-9A-Za-z]{20}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(20_000);
  });

  it("give each of the 62 symbols about as often (the pool hands out bytes once, uniformly)", () => {
    const counts = new Map<string, number>();
    const text = Array.from({ length: 2_000 }, () => randomString(62)).join("");
    for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    const expected = text.length / 62;
    // Chi-square with 61 degrees of freedom: above 120 happens with odds far below one in a million.
    const chi = [...counts.values()].reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(120);
  });

  it("makes strings of any length, longer than the pool included", () => {
    expect(randomString(0)).toBe("");
    expect(randomString(10_000)).toMatch(/^[0-9A-Za-z]{10000}$/);
  });
});
