import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * A new embedded data folder starts from a template when one was built: a gzip dump of a database
 * that initdb and the migrations made once, written beside the compiled code by `npm run build`
 * (pglite-template-build.ts). Loading it costs about a fifth of the CPU initdb does, which is most
 * of a first `npm start` and of every test that starts the server on an empty folder. The
 * migrations still run on open, so a template older than migrations/ only means the newer ones are
 * applied then. Run from source (tsx) there is none, and initdb runs as before.
 */
export const TEMPLATE_NAME = "pglite-template.tar.gz";

/** The built template beside this module, or null when there is none (run from source). */
export function builtTemplate(): string | null {
  const file = fileURLToPath(new URL(`./${TEMPLATE_NAME}`, import.meta.url));
  return existsSync(file) ? file : null;
}
