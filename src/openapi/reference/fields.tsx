import type { FC } from "hono/jsx";
import { inline } from "./markdown.js";
import type { Body, Field, Parameter } from "./model.js";

/** One field: name, type, required, its description and constraints inline, nested fields below. */
const FieldRow: FC<{ field: Field }> = ({ field }) => (
  <li>
    <p class="field-head">
      <code class="field-name">{field.name}</code> <span class="type">{field.type}</span> {field.required ? <span class="required">required</span> : <span class="optional">optional</span>}
    </p>
    {field.description ? <p>{inline(field.description)}</p> : null}
    {field.constraints.length > 0 ? <p class="constraints">{field.constraints.join(" · ")}</p> : null}
    {field.children.length > 0 ? (
      <details class="nested">
        <summary>
          Fields of <code>{field.name}</code>
        </summary>
        <Fields fields={field.children} />
      </details>
    ) : null}
    {field.variants.map((variant) => (
      <details class="nested">
        <summary>
          <code>{field.name}</code> as {variant.title}
        </summary>
        <Fields fields={variant.fields} />
      </details>
    ))}
  </li>
);

export const Fields: FC<{ fields: Field[] }> = ({ fields }) => (
  <ul class="fields">
    {fields.map((field) => (
      <FieldRow field={field} />
    ))}
  </ul>
);

export const Parameters: FC<{ parameters: Parameter[] }> = ({ parameters }) => (
  <ul class="fields">
    {parameters.map((parameter) => (
      <li>
        <p class="field-head">
          <code class="field-name">{parameter.name}</code> <span class="type">{parameter.type}</span> <span class="where">in {parameter.in}</span>{" "}
          {parameter.required ? <span class="required">required</span> : <span class="optional">optional</span>}
        </p>
        {parameter.description ? <p>{inline(parameter.description)}</p> : null}
        {parameter.constraints.length > 0 ? <p class="constraints">{parameter.constraints.join(" · ")}</p> : null}
      </li>
    ))}
  </ul>
);

export const Example: FC<{ label: string; value: unknown }> = ({ label, value }) =>
  value === undefined ? null : (
    <figure class="example">
      <figcaption>{label}</figcaption>
      <pre class="code">{JSON.stringify(value, null, 2)}</pre>
    </figure>
  );

export const BodyView: FC<{ body: Body; label: string }> = ({ body, label }) => (
  <>
    <p class="content-type">
      <code>{body.contentType}</code> {body.fields.length === 0 ? <span class="type">{body.type}</span> : null}
    </p>
    {body.fields.length > 0 ? <Fields fields={body.fields} /> : null}
    <Example label={label} value={body.example} />
  </>
);
