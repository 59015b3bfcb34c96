import type { FC } from "hono/jsx";
import { type ErrorCode, errorCatalogue, errorCodes } from "../infra/error-catalogue.js";

interface Operation {
  method: string;
  path: string;
  summary: string;
  description: string;
  tag: string;
  operationId: string;
  responses: string[];
}

export interface OpenApiLike {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, { summary?: string; description?: string; tags?: string[]; operationId?: string; responses?: Record<string, unknown> }>>;
}

function operations(doc: OpenApiLike): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      out.push({
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? "",
        description: op.description ?? "",
        tag: op.tags?.[0] ?? "Other",
        operationId: op.operationId ?? `${method}-${path}`,
        responses: Object.keys(op.responses ?? {}),
      });
    }
  }
  return out;
}

const style = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d2330}main{max-width:1100px;margin:0 auto;padding:24px}
code{background:#f1f3f7;padding:1px 4px;border-radius:3px}table{border-collapse:collapse;width:100%;margin:12px 0}
td,th{border-bottom:1px solid #e3e6ec;padding:6px 8px;text-align:left;vertical-align:top}th{background:#f7f8fa}
.m{font-weight:700;font-family:monospace}nav a{margin-right:12px}pre{white-space:pre-wrap;background:#f7f8fa;padding:12px;border-radius:6px}
tr:target{background:#fff6d5}`;

/**
 * The browsable reference, rendered on the server from the same OpenAPI document the API
 * serves, plus the error catalogue with one anchor per code (`/docs#error-<code>`), which is
 * where every error's `docs` link points. No script and no CDN: it works offline and on Workers.
 */
export const DocsPage: FC<{ doc: OpenApiLike }> = ({ doc }) => {
  const ops = operations(doc);
  const tags = [...new Set(ops.map((o) => o.tag))];
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>{`${doc.info.title} ${doc.info.version} reference`}</title>
        <style>{style}</style>
      </head>
      <body>
        <main>
          <h1>{doc.info.title} <small>{doc.info.version}</small></h1>
          <nav>
            <a href="/openapi.json">OpenAPI 3.1 document</a>
            <a href="#errors">Errors</a>
            {tags.map((t) => (
              <a href={`#tag-${t}`}>{t}</a>
            ))}
          </nav>
          <pre>{doc.info.description ?? ""}</pre>
          {tags.map((tag) => (
            <section id={`tag-${tag}`}>
              <h2>{tag}</h2>
              <table>
                <tr><th>Method</th><th>Path</th><th>What it does</th><th>Statuses</th></tr>
                {ops
                  .filter((o) => o.tag === tag)
                  .map((o) => (
                    <tr id={`op-${o.operationId}`}>
                      <td class="m">{o.method}</td>
                      <td><code>{o.path}</code></td>
                      <td>{o.summary}{o.description ? <div>{o.description}</div> : null}</td>
                      <td>{o.responses.join(", ")}</td>
                    </tr>
                  ))}
              </table>
            </section>
          ))}
          <section id="errors">
            <h2>Errors</h2>
            <p>Every error body has <code>type</code>, <code>message</code>, <code>code</code>, <code>param</code>, <code>fix</code>, <code>docs</code>, <code>platform</code>, <code>retryable</code> and <code>requestId</code>.</p>
            <table>
              <tr><th>Code</th><th>Type</th><th>HTTP</th><th>Retryable</th><th>Meaning</th><th>Fix</th></tr>
              {errorCodes.map((code: ErrorCode) => {
                const entry = errorCatalogue[code];
                return (
                  <tr id={`error-${code}`}>
                    <td><code>{code}</code></td>
                    <td>{entry.type}</td>
                    <td>{entry.status}</td>
                    <td>{entry.retryable ? "yes" : "no"}</td>
                    <td>{entry.meaning}</td>
                    <td>{entry.fix ?? "The network's own message; no fix is known."}</td>
                  </tr>
                );
              })}
            </table>
          </section>
        </main>
      </body>
    </html>
  );
};
