/**
 * Regenerates `schema.d.ts` (the client's types) from the document the app serves at
 * /openapi.json: `npm run client:generate`. test/api/typescript-client.test.ts fails when the
 * committed file differs from what this produces, so the client cannot drift from the API.
 */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { servedOpenApiDocument } from "./served-document.js";

export const SCHEMA_FILE = fileURLToPath(new URL("./schema.d.ts", import.meta.url));

const HEADER = `// Generated from Chorus's /openapi.json by openapi-typescript: do not edit.
// Regenerate with \`npm run client:generate\`.

`;

/**
 * Every request and response of the document carries an example; as JSDoc on each status of each
 * operation they would make the file ten times larger. The components keep theirs.
 */
function withoutMediaExamples(document: unknown): unknown {
  return JSON.parse(JSON.stringify(document), function (this: Record<string, unknown>, key, value: unknown) {
    return key === "example" && "schema" in this ? undefined : value;
  });
}

/** The text of schema.d.ts for `document`. */
export async function schemaTypes(document: unknown): Promise<string> {
  const ast = await openapiTS(withoutMediaExamples(document) as Parameters<typeof openapiTS>[0]);
  return HEADER + astToString(ast);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeFile(SCHEMA_FILE, await schemaTypes(await servedOpenApiDocument()));
  console.log(`wrote ${SCHEMA_FILE}`);
}
