// The dashboard's htmx, imported as text by the Worker (wrangler.toml `[[rules]]`).
declare module "htmx.org/dist/htmx.min.js" {
  const text: string;
  export default text;
}
