import type { FC } from "hono/jsx";
import { type ErrorCode, errorCatalogue, errorCodes } from "../infra/error-catalogue.js";

/** The page's own files, next to the renderer's, all under /docs/assets/. */
export const DOCS_ASSET_PATH = "/docs/assets";

/**
 * Every script, stylesheet, image and request of /docs stays on this origin: no inline script or
 * style, no CDN, no eval. Swagger UI's stylesheet embeds its icons as data: URLs, hence `img-src data:`.
 */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The catalogue's texts mark code with backticks, as Markdown does; shown here as code. */
const WithCode: FC<{ text: string }> = ({ text }) => <>{text.split("`").map((part, index) => (index % 2 === 1 ? <code>{part}</code> : part))}</>;

/**
 * /docs: the reference rendered in the browser by Swagger UI from /openapi.json (request and
 * response schemas, examples, Markdown descriptions), and below it the error catalogue rendered
 * here, one anchor per code (`/docs#error-<code>`), which is where every error's `docs` link points.
 * The table is plain HTML so those links work without JavaScript.
 */
export const DocsPage: FC<{ title: string; version: string }> = ({ title, version }) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{`${title} ${version} reference`}</title>
      <link rel="stylesheet" href={`${DOCS_ASSET_PATH}/swagger-ui.css`} />
      <link rel="stylesheet" href={`${DOCS_ASSET_PATH}/docs.css`} />
      <link rel="icon" href="data:," />
    </head>
    <body>
      <header class="chorus-bar">
        <strong>
          {title} <small>{version}</small>
        </strong>
        <nav>
          <a href="#reference">Reference</a>
          <a href="#errors">Errors</a>
          <a href="/openapi.json">OpenAPI 3.1 document</a>
        </nav>
      </header>
      <main>
        <div id="reference">
          <noscript>
            <p>
              The interactive reference needs JavaScript. The whole description is at <a href="/openapi.json">/openapi.json</a>.
            </p>
          </noscript>
        </div>
        <section id="errors">
          <h2>Errors</h2>
          <p>
            Every error body is <code>{'{ "error": { … } }'}</code> with <code>type</code>, <code>message</code>, <code>code</code>, <code>param</code>, <code>fix</code>, <code>docs</code>,{" "}
            <code>platform</code>, <code>retryable</code> and <code>requestId</code>. Branch on <code>code</code>.
          </p>
          <table>
            <thead>
              <tr>
                <th>Code</th>
                <th>Type</th>
                <th>HTTP</th>
                <th>Retryable</th>
                <th>Meaning</th>
                <th>Fix</th>
              </tr>
            </thead>
            <tbody>
              {errorCodes.map((code: ErrorCode) => {
                const entry = errorCatalogue[code];
                return (
                  <tr id={`error-${code}`}>
                    <td>
                      <code>{code}</code>
                    </td>
                    <td>{entry.type}</td>
                    <td>{entry.status}</td>
                    <td>{entry.retryable ? "yes" : "no"}</td>
                    <td>
                      <WithCode text={entry.meaning} />
                    </td>
                    <td>
                      <WithCode text={entry.fix ?? "The network's own message; no fix is known."} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      </main>
      <script src={`${DOCS_ASSET_PATH}/swagger-ui-bundle.js`} />
      <script src={`${DOCS_ASSET_PATH}/docs.js`} />
    </body>
  </html>
);
