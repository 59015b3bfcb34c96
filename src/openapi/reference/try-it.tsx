import type { FC } from "hono/jsx";
import type { Operation } from "./model.js";

/**
 * A form that sends this operation to the server that serves the page, with the key the reader
 * pastes. docs.js reads the form's data attributes and sends it with fetch; the key stays in the
 * input (never stored, never sent anywhere else). Bodies that are not JSON (uploads) are left to
 * the code samples.
 */
export const TryIt: FC<{ operation: Operation }> = ({ operation }) => {
  const json = !operation.requestBody || operation.requestBody.contentType.includes("json");
  const fields = operation.parameters.filter((parameter) => parameter.in === "path" || parameter.in === "query");
  return (
    <section aria-labelledby="try-it" class="try-it">
      <h2 id="try-it">Try it</h2>
      {json ? (
        <form class="try" data-method={operation.method} data-path={operation.path} data-key={operation.needsKey ? "yes" : "no"} novalidate>
          {operation.needsKey ? (
            <p class="control">
              <label for="try-key">Test key</label>
              <input id="try-key" name="key" type="password" autocomplete="off" spellcheck={false} placeholder="sk_test_…" aria-describedby="try-key-help" />
              <span id="try-key-help" class="help">
                Sent only to this server, in this request; not stored. Use an <code>sk_test_…</code> key: it reaches the sandbox networks.
              </span>
            </p>
          ) : null}
          {fields.map((parameter) => (
            <p class="control">
              <label for={`try-${parameter.in}-${parameter.name}`}>
                {parameter.name}{" "}
                <span class="where">
                  ({parameter.in}
                  {parameter.required ? ", required" : ""})
                </span>
              </label>
              <input
                id={`try-${parameter.in}-${parameter.name}`}
                data-in={parameter.in}
                data-name={parameter.name}
                type="text"
                autocomplete="off"
                value={typeof parameter.example === "string" || typeof parameter.example === "number" ? String(parameter.example) : ""}
              />
            </p>
          ))}
          {operation.requestBody ? (
            <p class="control">
              <label for="try-body">Body (JSON)</label>
              <textarea id="try-body" data-in="body" rows={10} spellcheck={false}>
                {JSON.stringify(operation.requestBody.example ?? {}, null, 2)}
              </textarea>
            </p>
          ) : null}
          <p>
            <button type="submit">
              Send {operation.method} {operation.path}
            </button>
          </p>
          <p class="try-status" role="status" aria-live="polite" />
          <pre class="code try-output" hidden />
        </form>
      ) : (
        <p>
          This operation takes a <code>{operation.requestBody?.contentType}</code> body: send it with one of the code samples above.
        </p>
      )}
    </section>
  );
};
