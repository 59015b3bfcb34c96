import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { facebookErrorTable } from "../../src/networks/meta/facebook-errors.js";
import { graphEdgePage, graphIso } from "../../src/networks/meta/graph-edge-page.js";
import type { NetworkContext } from "../../src/networks/types.js";

const answering = (body: unknown): NetworkContext => ({
  fetch: async () => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } }),
  now: () => new Date("2026-11-21T10:00:00Z"),
  config: { clientId: "1", clientSecret: "s", redirectUri: "https://chorus.test/cb" },
});
const Item = v.object({ id: v.string() });
const page = (ids: string[], paging: Record<string, unknown> | undefined) => ({ data: ids.map((id) => ({ id })), ...(paging ? { paging } : {}) });

describe("graphEdgePage", () => {
  it("follows `after` when Graph names a next page", async () => {
    const body = await graphEdgePage(
      answering(page(["1"], { cursors: { before: "b", after: "a1" }, next: "https://graph.facebook.com/next" })),
      facebookErrorTable,
      "https://graph.facebook.com/v26.0/1/posts",
      Item,
      5,
    );
    expect(body).toEqual({ data: [{ id: "1" }], cursor: "a1" });
  });

  it("follows `after` on a full page without `next` (Threads' documented answer), and stops on a short one", async () => {
    const url = "https://graph.threads.net/v1.0/me/threads";
    expect((await graphEdgePage(answering(page(["1", "2"], { cursors: { before: "b", after: "a2" } })), facebookErrorTable, url, Item, 2)).cursor).toBe("a2");
    expect((await graphEdgePage(answering(page(["1"], { cursors: { before: "b", after: "a1" } })), facebookErrorTable, url, Item, 2)).cursor).toBeNull();
    expect((await graphEdgePage(answering(page([], undefined)), facebookErrorTable, url, Item, 2)).cursor).toBeNull();
  });

  it("reads Graph's +0000 times as UTC", () => {
    expect(graphIso("2026-10-01T12:00:00+0000")).toBe("2026-10-01T12:00:00.000Z");
    expect(graphIso("2026-10-01T14:00:00+0200")).toBe("2026-10-01T12:00:00.000Z");
  });
});
