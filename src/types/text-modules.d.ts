// The reference renderer's files, imported as text by the Worker (wrangler.toml `[[rules]]`).
declare module "swagger-ui-dist/swagger-ui-bundle.js" {
  const text: string;
  export default text;
}
declare module "swagger-ui-dist/swagger-ui.css" {
  const text: string;
  export default text;
}
declare module "htmx.org/dist/htmx.min.js" {
  const text: string;
  export default text;
}
