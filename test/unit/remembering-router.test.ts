import { describe, expect, it } from "vitest";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";
import type { Result, Router } from "hono/router";
import { RememberingRouter } from "../../src/http/remembering-router.js";

const defaultRouter = () => new SmartRouter<string>({ routers: [new RegExpRouter<string>(), new TrieRouter<string>()] });

/** The handlers and decoded-or-stashed parameters a match hands Hono, in a form to compare. */
function answerOf(result: Result<string>): unknown {
  const [matches, stash] = result;
  return matches.map(([handler, params]) => [handler, Object.fromEntries(Object.entries(params).map(([k, v]) => [k, stash ? stash[v as unknown as number] : v]))]);
}

/** A router that counts how often its matching actually ran. */
function counted(inner: Router<string>) {
  const calls = { match: 0 };
  const router: Router<string> = {
    name: "counted",
    add: (method, path, handler) => inner.add(method, path, handler),
    match: (method, path) => {
      calls.match++;
      return inner.match(method, path);
    },
  };
  return { router, calls };
}

function addRoutes(router: Router<string>) {
  router.add("ALL", "/*", "context");
  router.add("GET", "/v1/posts", "list");
  router.add("GET", "/v1/posts/:id", "one");
  router.add("POST", "/v1/social-accounts/connect", "connect");
  router.add("POST", "/v1/social-accounts/:id/webhook", "webhook");
}

describe("RememberingRouter: Hono's default router, with recent answers kept", () => {
  it("answers what Hono's default router answers, the first time and again", () => {
    const plain = defaultRouter();
    const remembering = new RememberingRouter<string>();
    addRoutes(plain);
    addRoutes(remembering);
    for (const [method, path] of [
      ["GET", "/v1/posts"],
      ["GET", "/v1/posts/post_1"],
      ["GET", "/v1/posts/post_2"],
      ["POST", "/v1/social-accounts/connect"],
      ["POST", "/v1/social-accounts/acc_1/webhook"],
      ["DELETE", "/v1/posts/post_1"],
      ["GET", "/nowhere"],
    ] as const) {
      const expected = answerOf(plain.match(method, path));
      expect(answerOf(remembering.match(method, path))).toEqual(expected);
      expect(answerOf(remembering.match(method, path))).toEqual(expected);
    }
  });

  it("matches a method and path once, and keeps one answer per method", () => {
    const { router, calls } = counted(defaultRouter());
    const remembering = new RememberingRouter<string>(10, router);
    addRoutes(remembering);
    remembering.match("GET", "/v1/posts/post_1");
    remembering.match("GET", "/v1/posts/post_1");
    expect(calls.match).toBe(1);
    expect(answerOf(remembering.match("DELETE", "/v1/posts/post_1"))).toEqual([["context", {}]]);
    expect(calls.match).toBe(2);
  });

  it("forgets every answer when a route is added", () => {
    const remembering = new RememberingRouter<string>(10, new TrieRouter<string>());
    remembering.add("GET", "/v1/posts/:id", "one");
    expect(answerOf(remembering.match("GET", "/v1/posts/export"))).toEqual([["one", { id: "export" }]]);
    remembering.add("GET", "/v1/posts/export", "export");
    expect(answerOf(remembering.match("GET", "/v1/posts/export"))).toEqual([
      ["one", { id: "export" }],
      ["export", {}],
    ]);
  });

  it("keeps at most `size` answers, dropping the oldest", () => {
    const { router, calls } = counted(new TrieRouter<string>());
    const remembering = new RememberingRouter<string>(2, router);
    remembering.add("GET", "/v1/posts/:id", "one");
    for (const id of ["a", "b", "c"]) remembering.match("GET", `/v1/posts/${id}`);
    expect(calls.match).toBe(3);
    remembering.match("GET", "/v1/posts/c");
    remembering.match("GET", "/v1/posts/b");
    expect(calls.match).toBe(3);
    remembering.match("GET", "/v1/posts/a");
    expect(calls.match).toBe(4);
  });

  it("does not keep answers for long paths, which a client could vary without end", () => {
    const { router, calls } = counted(new TrieRouter<string>());
    const remembering = new RememberingRouter<string>(10, router);
    remembering.add("GET", "/v1/posts/:id", "one");
    const long = `/v1/posts/${"x".repeat(300)}`;
    remembering.match("GET", long);
    remembering.match("GET", long);
    expect(calls.match).toBe(2);
  });
});
