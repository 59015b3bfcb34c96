import { readFileSync } from "node:fs";
import type { ModuleDefinition } from "miniflare";

export interface UploadPart {
  /** The module's name in the upload, as the entry imports it (without a leading "./"). */
  name: string;
  type: string;
  content: Uint8Array<ArrayBuffer>;
}

export interface Upload {
  mainModule: string;
  compatibilityDate: string;
  compatibilityFlags: string[];
  parts: UploadPart[];
}

/** The modules of an upload written by `wrangler deploy --dry-run --outfile` (multipart form data), and its metadata. */
export async function readUpload(file: string): Promise<Upload> {
  const body = readFileSync(file);
  const boundary = body.subarray(2, body.indexOf(10)).toString().trim();
  const form = await new Response(body, { headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` } }).formData();
  const metadata = JSON.parse(String(form.get("metadata"))) as { main_module?: string; compatibility_date?: string; compatibility_flags?: string[] };
  if (!metadata.main_module || !metadata.compatibility_date) throw new Error(`${file}: no main_module or compatibility_date in the upload's metadata`);
  const parts: UploadPart[] = [];
  for (const [name, value] of form.entries()) {
    // Source maps are uploaded beside the code but never loaded by the isolate nor counted by wrangler.
    if (typeof value === "string" || value.type === "application/source-map") continue;
    parts.push({ name: name.replace(/^\.\//, ""), type: value.type, content: new Uint8Array(await value.arrayBuffer()) });
  }
  return { mainModule: metadata.main_module, compatibilityDate: metadata.compatibility_date, compatibilityFlags: metadata.compatibility_flags ?? [], parts };
}

/** The upload's modules as Miniflare takes them (rooted at "/"), for running the upload as it is in a local workerd. */
export function workerdModules(upload: Upload): ModuleDefinition[] {
  return upload.parts.map((part) => {
    const type = part.type === "application/javascript+module" ? "ESModule" : part.type === "text/plain" ? "Text" : null;
    if (!type) throw new Error(`${part.name}: a module of type ${part.type}, which is not loaded here`);
    return { type, path: `/${part.name}`, contents: part.content };
  });
}
