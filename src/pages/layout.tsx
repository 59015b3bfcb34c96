import { raw } from "hono/html";
import type { Child, FC } from "hono/jsx";

/*
 * One small stylesheet inline: the pages must work offline, on Workers, and with no script.
 * Contrast stays above WCAG AA; focus is always visible; buttons are large enough to tap.
 */
export const style = `*{box-sizing:border-box}body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2330;background:#f5f6f8}
main{max-width:560px;margin:40px auto;padding:28px;background:#fff;border:1px solid #dde1e8;border-radius:10px}
h1{font-size:1.5rem;margin:0 0 8px}p{margin:8px 0}.muted{color:#4a5263}
ul.doors{list-style:none;padding:0;margin:20px 0 0;display:grid;gap:10px}
.button,button{display:block;width:100%;padding:12px 16px;border:1px solid #b9c0cc;border-radius:8px;background:#fff;color:#1d2330;font:inherit;font-weight:600;text-align:left;text-decoration:none;cursor:pointer}
.button:hover,button:hover{background:#eef1f6}.primary{background:#1f4fd1;border-color:#1f4fd1;color:#fff;text-align:center}.primary:hover{background:#1a43b3}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #f0a500;outline-offset:2px}
label{display:block;font-weight:600;margin:14px 0 4px}input{width:100%;padding:10px;border:1px solid #8a93a3;border-radius:6px;font:inherit}
.hint{font-size:.9rem;color:#4a5263;margin:4px 0 0}
.alert{border-left:4px solid #c62828;background:#fdecec;padding:10px 14px;margin:16px 0;border-radius:4px}
.ok{border-left:4px solid #2e7d32;background:#e8f5e9;padding:10px 14px;margin:16px 0;border-radius:4px}
.sandbox{background:#fff6d5;border:1px solid #e6c65c;padding:6px 10px;border-radius:6px;font-size:.9rem}
footer{margin-top:24px;font-size:.85rem;color:#4a5263}`;

export const Layout: FC<{ title: string; children?: Child }> = ({ title, children }) => (
  <>
    {raw("<!doctype html>")}
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* These pages carry a connect link in their URL: never send it to another site. */}
        <meta name="referrer" content="no-referrer" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <style>{raw(style)}</style>
      </head>
      <body>
        <main>{children}</main>
      </body>
    </html>
  </>
);

/** Shown on every page of a test link, so nobody mistakes the sandbox for their real account. */
export const SandboxNotice: FC<{ mode: "test" | "live" }> = ({ mode }) =>
  mode === "test" ? (
    <p class="sandbox" id="sandbox-notice">
      Test mode: the networks here are Chorus's simulators. No real account is touched.
    </p>
  ) : null;
