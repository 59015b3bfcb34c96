import { expect } from "vitest";
import type { TestApp, TestWorkspace } from "./test-app.js";

const ORIGIN = "http://chorus.test";

/** A signed-in browser over app.request: the cookie kept, forms carrying the last page's CSRF token and compose submission id. */
export class DashboardSession {
  private csrfToken = "";
  /** The last compose form's submission id (one per rendering of the form). */
  submission = "";
  private constructor(
    private t: TestApp,
    private cookie: string,
  ) {}

  static async open(t: TestApp, ws: TestWorkspace): Promise<DashboardSession> {
    const minted = (await (await ws.request("/v1/app-link", { method: "POST" })).json()) as { url: string };
    const response = await t.app.request(minted.url, { method: "POST" });
    expect(response.status).toBe(303);
    const session = new DashboardSession(t, (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "");
    await session.page("/dashboard");
    return session;
  }

  async page(path: string): Promise<{ status: number; html: string }> {
    const response = await this.t.app.request(`${ORIGIN}${path}`, { headers: { cookie: this.cookie } });
    const html = await response.text();
    this.csrfToken = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? this.csrfToken;
    this.submission = /name="submission" value="([^"]+)"/.exec(html)?.[1] ?? this.submission;
    return { status: response.status, html };
  }

  async submit(path: string, form: Record<string, string | string[]>): Promise<{ status: number; html: string; location: string | null }> {
    const body = new URLSearchParams({ _csrf: this.csrfToken, submission: this.submission });
    for (const [name, value] of Object.entries(form)) for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    const response = await this.t.app.request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { cookie: this.cookie, "content-type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
    return { status: response.status, html: await response.text(), location: response.headers.get("location") };
  }
}
