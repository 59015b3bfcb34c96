import type { Result, Router } from "hono/router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";

/** Longer paths are matched every time: a remembered answer is kept for its whole path string. */
const REMEMBERED_PATH_LENGTH = 256;

/**
 * Hono's default router, with the answers for the last `size` method-and-path pairs kept. The
 * API's routes fall back to the TrieRouter (RegExpRouter refuses 64 of them, the first being
 * `POST /v1/social-accounts/:id/webhook`), which walks its tree and splits the path on every
 * request: 2 % of an authenticated read. The same few paths come back all the time, and their
 * answer never changes once the routes are added. Hono only reads an answer (handlers and the
 * path's parameters), so one can be handed out again. Adding a route forgets them all.
 */
export class RememberingRouter<T> implements Router<T> {
  readonly name = "RememberingRouter";
  readonly #inner: Router<T>;
  readonly #answers = new Map<string, Result<T>>();
  readonly #size: number;

  constructor(size = 1000, inner: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] })) {
    this.#inner = inner;
    this.#size = size;
  }

  add(method: string, path: string, handler: T): void {
    this.#answers.clear();
    this.#inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    if (path.length > REMEMBERED_PATH_LENGTH) return this.#inner.match(method, path);
    const key = `${method} ${path}`;
    const known = this.#answers.get(key);
    if (known) return known;
    const answer = this.#inner.match(method, path);
    if (this.#answers.size >= this.#size) {
      const oldest = this.#answers.keys().next().value;
      if (oldest !== undefined) this.#answers.delete(oldest);
    }
    this.#answers.set(key, answer);
    return answer;
  }
}
