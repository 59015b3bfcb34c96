import type { FC } from "hono/jsx";
import { type ErrorCode, errorCatalogue, errorCodes } from "../../infra/error-catalogue.js";
import { BodyView, Parameters } from "./fields.js";
import { Layout, Method, operationHref } from "./layout.js";
import { Markdown, inline } from "./markdown.js";
import type { Operation, Tag } from "./model.js";
import { samples } from "./samples.js";
import { TryIt } from "./try-it.js";
import { guides } from "./guides.js";

export interface Site {
  product: string;
  version: string;
  description: string;
  tags: Tag[];
}

export const IndexPage: FC<{ site: Site }> = ({ site }) => (
  <Layout title="Reference" product={site.product} version={site.version} tags={site.tags}>
    <h1>{site.product} reference</h1>
    <p class="lead">
      Start with the <a href="/docs/guides/quick-start">quick start</a>; every operation below has its fields, examples, code in curl, TypeScript and Python, and a try-it form. Error codes and their
      fixes: <a href="/docs/errors">Errors</a>.
    </p>
    <h2 id="guides">Guides</h2>
    <ul class="cards">
      {guides.map((guide) => (
        <li>
          <a href={`/docs/guides/${guide.slug}`}>{guide.title}</a>
          <p>{guide.summary}</p>
        </li>
      ))}
    </ul>
    <Markdown text={site.description} />
    {site.tags.map((tag) => (
      <section aria-labelledby={`tag-${tag.slug}`}>
        <h2 id={`tag-${tag.slug}`}>{tag.name}</h2>
        {tag.description ? <p>{inline(tag.description)}</p> : null}
        <ul class="operations">
          {tag.operations.map((operation) => (
            <li>
              <a href={operationHref(operation.id)}>
                <Method method={operation.method} /> <code class="path">{operation.path}</code> <span class="summary">{operation.summary}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    ))}
  </Layout>
);

export const OperationPage: FC<{ site: Site; operation: Operation }> = ({ site, operation }) => (
  <Layout title={operation.summary} product={site.product} version={site.version} tags={site.tags} current={`op:${operation.tag}:${operation.id}`}>
    <p class="crumb">
      <a href="/docs">Reference</a> / {operation.tag}
    </p>
    <h1>{operation.summary}</h1>
    <p class="endpoint">
      <Method method={operation.method} /> <code class="path">{operation.path}</code>
    </p>
    <p class="meta">
      Operation <code>{operation.id}</code> · {operation.needsKey ? "needs an API key" : "public, no key"}
    </p>
    {operation.description ? <Markdown text={operation.description} base={3} /> : null}
    {operation.parameters.length > 0 ? (
      <section aria-labelledby="parameters">
        <h2 id="parameters">Parameters</h2>
        <Parameters parameters={operation.parameters} />
      </section>
    ) : null}
    {operation.requestBody ? (
      <section aria-labelledby="request">
        <h2 id="request">Request body {operation.requestBody.required ? null : <span class="optional">optional</span>}</h2>
        <BodyView body={operation.requestBody} label="Request example" />
      </section>
    ) : null}
    <section aria-labelledby="responses">
      <h2 id="responses">Responses</h2>
      {operation.answers.map((answer) => (
        <section class="answer" aria-labelledby={`status-${answer.status}`}>
          <h3 id={`status-${answer.status}`}>
            <span class={`status status-${answer.status.charAt(0)}`}>{answer.status}</span> {inline(answer.description)}
          </h3>
          {answer.body && answer.status.startsWith("2") ? <BodyView body={answer.body} label={`${answer.status} example`} /> : null}
          {answer.status.startsWith("2") ? null : <ErrorLinks description={answer.description} />}
        </section>
      ))}
    </section>
    <section aria-labelledby="samples">
      <h2 id="samples">Code</h2>
      <p>
        Set <code>CHORUS_URL</code> (the server, e.g. <code>http://localhost:8787</code> for <code>npm start</code>) and <code>CHORUS_API_KEY</code> (an <code>sk_test_…</code> key) first.
      </p>
      {samples(operation).map((sample) => (
        <figure class="sample">
          <figcaption>{sample.label}</figcaption>
          <pre class="code" data-lang={sample.lang}>
            {sample.code}
          </pre>
        </figure>
      ))}
    </section>
    <TryIt operation={operation} />
  </Layout>
);

/** An error answer names its codes in backticks; each links to its row, with its meaning and fix. */
const ErrorLinks: FC<{ description: string }> = ({ description }) => {
  const codes = [...new Set([...description.matchAll(/`([a-z0-9_]+)`/g)].map((match) => match[1] as string))].filter((code) => Object.hasOwn(errorCatalogue, code));
  return (
    <p>
      The error envelope
      {codes.length === 0 ? (
        <>
          ; its <code>code</code> and fix are in <a href="/docs/errors">Errors</a>.
        </>
      ) : (
        <>
          . How to fix each:{" "}
          {codes.map((code, index) => (
            <>
              {index > 0 ? ", " : ""}
              <a href={`/docs/errors#error-${code}`}>
                <code>{code}</code>
              </a>
            </>
          ))}
          .
        </>
      )}
    </p>
  );
};

export const ErrorsPage: FC<{ site: Site }> = ({ site }) => (
  <Layout title="Errors" product={site.product} version={site.version} tags={site.tags} current="errors">
    <h1 id="errors">Errors</h1>
    <p>
      Every error body is <code>{'{ "error": { … } }'}</code> with <code>type</code>, <code>message</code>, <code>code</code>, <code>param</code>, <code>fix</code>, <code>docs</code>,{" "}
      <code>platform</code>, <code>retryable</code> and <code>requestId</code>. Branch on <code>code</code>; <code>docs</code> links to the code's row here.
    </p>
    <table class="errors">
      <thead>
        <tr>
          <th scope="col">Code</th>
          <th scope="col">Type</th>
          <th scope="col">HTTP</th>
          <th scope="col">Retryable</th>
          <th scope="col">Meaning</th>
          <th scope="col">Fix</th>
        </tr>
      </thead>
      <tbody>
        {errorCodes.map((code: ErrorCode) => {
          const entry = errorCatalogue[code];
          return (
            <tr id={`error-${code}`}>
              <th scope="row" data-label="Code">
                <code>{code}</code>
              </th>
              <td data-label="Type">{entry.type}</td>
              <td data-label="HTTP">{entry.status}</td>
              <td data-label="Retryable">{entry.retryable ? "yes" : "no"}</td>
              <td data-label="Meaning">{inline(entry.meaning)}</td>
              <td data-label="Fix">{inline(entry.fix ?? "The network's own message; no fix is known.")}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  </Layout>
);

export const GuidePage: FC<{ site: Site; slug: string; title: string; body: string }> = ({ site, slug, title, body }) => (
  <Layout title={title} product={site.product} version={site.version} tags={site.tags} current={`guide:${slug}`}>
    <p class="crumb">
      <a href="/docs">Reference</a> / Guides
    </p>
    <h1>{title}</h1>
    <Markdown text={body} />
  </Layout>
);

export const NotFoundPage: FC<{ site: Site }> = ({ site }) => (
  <Layout title="Not found" product={site.product} version={site.version} tags={site.tags}>
    <h1>Not found</h1>
    <p>
      This page is not part of the reference. Search above, or start from the <a href="/docs">reference's contents</a>.
    </p>
  </Layout>
);
