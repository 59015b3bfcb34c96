import type { Child, FC } from "hono/jsx";
import type { Tag } from "./model.js";
import { guides } from "./guides.js";

/** Every page's files, served from /docs/assets/ (the CSP allows no inline script or style). */
export const ASSETS = "/docs/assets";

/**
 * Every script, stylesheet and request of /docs stays on this origin: no inline script or style,
 * no CDN, no eval. Try-it calls the API on this origin (`connect-src 'self'`).
 */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const operationHref = (id: string) => `/docs/operations/${encodeURIComponent(id)}`;
export const tagHref = (slug: string) => `/docs#tag-${slug}`;

/**
 * The frame of every reference page: a header with search, a navigation of guides and tags (the
 * current tag's operations listed), and the page's content. The search box works once
 * docs.js has loaded; without JavaScript the navigation still reaches every page.
 */
export const Layout: FC<{ title: string; product: string; version: string; tags: Tag[]; current?: string | undefined; children?: Child }> = ({ title, product, version, tags, current, children }) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{`${title} · ${product} ${version}`}</title>
      <link rel="stylesheet" href={`${ASSETS}/docs.css`} />
      <link rel="icon" href="data:," />
      <script src={`${ASSETS}/docs.js`} defer />
    </head>
    <body>
      <a class="skip" href="#content">
        Skip to content
      </a>
      <header class="bar">
        <a class="brand" href="/docs">
          {product} <small>{version}</small>
        </a>
        <search class="search">
          <label for="search-input">Search the reference</label>
          <input id="search-input" type="search" autocomplete="off" placeholder="Search operations, fields, errors" aria-controls="search-results" disabled />
          <p id="search-status" class="visually-hidden" role="status" aria-live="polite" />
          <ul id="search-results" hidden />
        </search>
      </header>
      <div class="frame">
        <nav class="side" aria-label="Reference">
          <p class="nav-head">Guides</p>
          <ul>
            {guides.map((guide) => (
              <li>
                <a href={`/docs/guides/${guide.slug}`} aria-current={current === `guide:${guide.slug}` ? "page" : undefined}>
                  {guide.title}
                </a>
              </li>
            ))}
          </ul>
          <p class="nav-head">Reference</p>
          <ul>
            <li>
              <a href="/docs/errors" aria-current={current === "errors" ? "page" : undefined}>
                Errors
              </a>
            </li>
            {tags.map((tag) => (
              <li>
                <a href={tagHref(tag.slug)}>{tag.name}</a>
                {current?.startsWith(`op:${tag.name}:`) ? (
                  <ul>
                    {tag.operations.map((operation) => (
                      <li>
                        <a href={operationHref(operation.id)} aria-current={current === `op:${tag.name}:${operation.id}` ? "page" : undefined}>
                          {operation.summary}
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
            <li>
              <a href="/openapi.json">OpenAPI 3.1 document</a>
            </li>
          </ul>
        </nav>
        <main id="content">{children}</main>
      </div>
    </body>
  </html>
);

export const Method: FC<{ method: string }> = ({ method }) => <span class={`method method-${method.toLowerCase()}`}>{method}</span>;
