import type { FC } from "hono/jsx";
import { eventTypes } from "../../domain/events/index.js";
import type { DeliveryAttemptView } from "../../domain/events/index.js";
import type { WebhookView } from "../../domain/events/index.js";
import { Csrf, DashboardLayout, type Frame, Notice, when } from "./dashboard-layout.js";
import { type Column, DataTable } from "./data-table.js";

/** A secret from creation or rotation: shown in this one response, never again. */
export interface ShownSecret {
  secret: string;
  previousSecretExpiresAt?: string | null;
}

const SecretCard: FC<{ shown: ShownSecret; title: string }> = ({ shown, title }) => (
  <section class="card ok" aria-labelledby="secret-title">
    <h2 id="secret-title">{title}</h2>
    <p>Copy it now: it is shown only once. Verify the service-signature header of each delivery with it.</p>
    <p class="secret" id="new-secret">
      {shown.secret}
    </p>
    {shown.previousSecretExpiresAt ? <p class="muted">The previous secret keeps signing beside it until {when(shown.previousSecretExpiresAt)}.</p> : null}
  </section>
);

const status = (w: WebhookView) => (!w.enabled ? "disabled" : w.failingSince ? `failing since ${when(w.failingSince)}` : "enabled");

const endpointColumns: Column<WebhookView>[] = [
  { head: "URL", cell: (w) => <a href={`/dashboard/webhooks/${w.id}`}>{w.url}</a> },
  { head: "Events", cell: (w) => (w.events.length === eventTypes.length ? "every event" : w.events.join(", ")) },
  { head: "Status", cell: (w) => status(w) },
  { head: "Last delivery", cell: (w) => when(w.lastDeliveryAt) },
];

const attemptColumns = (endpointId: string, csrf: string): Column<DeliveryAttemptView>[] => [
  { head: "When", cell: (a) => when(a.createdAt) },
  {
    head: "Event",
    cell: (a) => (
      <>
        {a.type} <code>{a.event}</code>
      </>
    ),
  },
  { head: "Attempt", cell: (a) => a.attempt },
  { head: "Result", cell: (a) => (a.ok ? `delivered (HTTP ${a.status ?? "?"}, ${a.latencyMs} ms)` : `failed: ${a.status === null ? (a.error ?? "no answer") : `HTTP ${a.status}`}`) },
  {
    head: "Delivery",
    cell: (a) => (
      <>
        {a.deliveryState}
        {a.nextRetryAt ? `, next try ${when(a.nextRetryAt)}` : ""}
      </>
    ),
  },
  {
    head: "Redeliver",
    cell: (a) => (
      <form class="inline" method="post" action={`/dashboard/webhooks/${endpointId}/redeliver`}>
        <Csrf token={csrf} />
        <input type="hidden" name="event" value={a.event} />
        <button type="submit" aria-label={`Redeliver event ${a.event}`}>
          Redeliver
        </button>
      </form>
    ),
  },
];

/** Every endpoint of the workspace (in the data mode shown), and the form to add one. */
export const WebhooksPage: FC<{ frame: Frame; endpoints: WebhookView[]; created?: (WebhookView & ShownSecret) | undefined; notice?: string | undefined }> = ({ frame, endpoints, created, notice }) => (
  <DashboardLayout title="Webhooks" section="webhooks" frame={frame}>
    <Notice notice={notice} />
    {created ? <SecretCard shown={created} title={`Signing secret for ${created.url}`} /> : null}
    <section class="card" aria-labelledby="endpoints-title">
      <h2 id="endpoints-title">Endpoints</h2>
      {endpoints.length ? (
        <DataTable id="endpoints" label="Webhook endpoints" columns={endpointColumns} rows={endpoints} rowAttributes={(w) => ({ id: `endpoint-${w.id}` })} />
      ) : (
        <p class="muted" id="no-endpoints">
          No endpoints yet.
        </p>
      )}
    </section>
    <section class="card" aria-labelledby="add-title">
      <h2 id="add-title">Add an endpoint</h2>
      <form method="post" action="/dashboard/webhooks">
        <Csrf token={frame.csrf} />
        <p>
          <label for="webhook-url">HTTPS URL</label>
          <input id="webhook-url" name="url" type="url" required maxlength={2048} placeholder="https://example.com/chorus-events" />
        </p>
        <fieldset>
          <legend>Events (none ticked: every event, including ones added later)</legend>
          {eventTypes.map((type) => (
            <label class="check">
              <input type="checkbox" name="events" value={type} /> {type}
            </label>
          ))}
        </fieldset>
        <button class="primary" id="add-endpoint" type="submit">
          Add endpoint
        </button>
      </form>
    </section>
  </DashboardLayout>
);

/** One endpoint: its delivery log with redelivery, a test event, secret rotation and removal. */
export const WebhookPage: FC<{ frame: Frame; endpoint: WebhookView; attempts: DeliveryAttemptView[]; rotated?: ShownSecret | undefined; notice?: string | undefined }> = ({
  frame,
  endpoint,
  attempts,
  rotated,
  notice,
}) => (
  <DashboardLayout title="Webhook endpoint" section="webhooks" frame={frame}>
    <p>
      <a href="/dashboard/webhooks">All endpoints</a>
    </p>
    <Notice notice={notice} />
    {rotated ? <SecretCard shown={rotated} title="New signing secret" /> : null}
    <section class="card" aria-labelledby="endpoint-title">
      <h2 id="endpoint-title">
        <code id="endpoint-url">{endpoint.url}</code>
      </h2>
      <p id="endpoint-status">
        {status(endpoint)} · created {when(endpoint.createdAt)} · {endpoint.events.length === eventTypes.length ? "every event" : endpoint.events.join(", ")}
      </p>
      <div class="row">
        <form class="inline" method="post" action={`/dashboard/webhooks/${endpoint.id}/test`}>
          <Csrf token={frame.csrf} />
          <button id="send-test" type="submit">
            Send a test event
          </button>
        </form>
        <form class="inline" method="post" action={`/dashboard/webhooks/${endpoint.id}/rotate`}>
          <Csrf token={frame.csrf} />
          <label for="rotate-window">Old secret keeps signing for</label>
          <select id="rotate-window" name="window">
            <option value="86400">a day</option>
            <option value="3600">an hour</option>
            <option value="0">no time (it leaked)</option>
          </select>
          <button id="rotate-secret" type="submit">
            Rotate secret
          </button>
        </form>
        <form class="inline" method="post" action={`/dashboard/webhooks/${endpoint.id}/delete`}>
          <Csrf token={frame.csrf} />
          <button class="danger" id="delete-endpoint" type="submit">
            Delete endpoint
          </button>
        </form>
      </div>
    </section>
    <section class="card" aria-labelledby="log-title">
      <h2 id="log-title">Delivery log</h2>
      {attempts.length ? (
        <DataTable id="deliveries" label="Delivery attempts" columns={attemptColumns(endpoint.id, frame.csrf)} rows={attempts} rowAttributes={(a) => ({ id: `attempt-${a.id}` })} />
      ) : (
        <p class="muted" id="no-deliveries">
          Nothing delivered yet. Send a test event to try the endpoint.
        </p>
      )}
    </section>
  </DashboardLayout>
);
