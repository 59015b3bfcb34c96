import { expect } from "vitest";
import type { TestApp, TestWorkspace } from "./test-app.js";
import { apiCalls } from "./workspace-fixture.js";

const ORIGIN = "http://chorus.test";

export interface DashboardAnswer {
  status: number;
  html: string;
  location: string | null;
  headers: Headers;
}

/**
 * A signed-in browser over app.request: the session cookie kept, forms carrying the CSRF token
 * and the compose form's submission id of the last page rendered (one id per rendering).
 */
export class DashboardSession {
  private csrfToken = "";
  submission = "";
  private constructor(
    private t: TestApp,
    private cookie: string,
  ) {}

  static async open(t: TestApp, ws: TestWorkspace): Promise<DashboardSession> {
    const minted = await apiCalls(ws.request).post("/v1/app-link");
    expect(minted.status, minted.text).toBe(201);
    const response = await t.app.request(minted.body.url, { method: "POST" });
    expect(response.status).toBe(303);
    const session = new DashboardSession(t, (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "");
    await session.page("/dashboard");
    return session;
  }

  /** The session's Cookie header, for a request the helpers here do not make (a download). */
  get cookieHeader(): string {
    return this.cookie;
  }

  async page(path: string): Promise<DashboardAnswer> {
    return this.read(await this.t.app.request(`${ORIGIN}${path}`, { headers: { cookie: this.cookie } }));
  }

  /**
   * Posts a form as the browser would. `csrf: false` leaves the token out and a string sends that
   * token instead, for the tests of forged requests.
   */
  async submit(path: string, form: Record<string, string | string[]>, options: { csrf?: string | false } = {}): Promise<DashboardAnswer> {
    const body = new URLSearchParams();
    // A form's own hidden fields win over the session's, as in the browser.
    if (options.csrf !== false && !("_csrf" in form)) body.append("_csrf", options.csrf ?? this.csrfToken);
    if (this.submission && !("submission" in form)) body.append("submission", this.submission);
    for (const [name, value] of Object.entries(form)) for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    const response = await this.t.app.request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { cookie: this.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
    // The answer is not a page the next form is taken from (a double click resends the same form).
    return { status: response.status, html: await response.text(), location: response.headers.get("location"), headers: response.headers };
  }

  async upload(path: string, fields: Record<string, string>, file: File): Promise<{ status: number; html: string }> {
    const body = new FormData();
    body.set("_csrf", this.csrfToken);
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    body.set("file", file);
    const response = await this.t.app.request(`${ORIGIN}${path}`, { method: "POST", headers: { cookie: this.cookie }, body });
    return { status: response.status, html: await response.text() };
  }

  private async read(response: Response): Promise<DashboardAnswer> {
    const html = await response.text();
    this.csrfToken = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? this.csrfToken;
    this.submission = /name="submission" value="([^"]+)"/.exec(html)?.[1] ?? this.submission;
    return { status: response.status, html, location: response.headers.get("location"), headers: response.headers };
  }
}
