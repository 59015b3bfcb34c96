import type { Json, Operation } from "./model.js";

/**
 * Copy-paste code for an operation in curl, TypeScript (`@chorus-api/sdk`) and Python
 * (`requests`), built from the operation's own example body and parameter examples. Every sample
 * reads the server and key from CHORUS_URL and CHORUS_API_KEY, as the README explains.
 */

export interface Sample {
  label: string;
  lang: string;
  code: string;
}

/** A parameter's example, else the id shape its description names (`post_…`), else its name in capitals. */
function parameterValue(operation: Operation, name: string): string {
  const parameter = operation.parameters.find((entry) => entry.name === name);
  const example = parameter?.example;
  if (typeof example === "string" || typeof example === "number") return String(example);
  const shape = /`([a-z]+_)…`/.exec(parameter?.description ?? "");
  if (shape) return `${shape[1]}…`;
  return `${name.toUpperCase()}`;
}

/** The value as a TypeScript or Python literal: numbers bare for numeric parameters. */
function literal(operation: Operation, name: string): string {
  const value = parameterValue(operation, name);
  const type = operation.parameters.find((entry) => entry.name === name)?.type ?? "";
  return /^(integer|number)/.test(type) && value !== "" && !Number.isNaN(Number(value)) ? value : JSON.stringify(value);
}

function pathWith(operation: Operation, wrap: (name: string, value: string) => string): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => wrap(name, parameterValue(operation, name)));
}

/** Query parameters shown in samples: the required ones and the first optional one, so a list call shows its paging. */
function shownQuery(operation: Operation): [string, string][] {
  const query = operation.parameters.filter((parameter) => parameter.in === "query");
  const shown = query.filter((parameter) => parameter.required);
  return shown.map((parameter) => [parameter.name, parameterValue(operation, parameter.name)]);
}

const isJson = (operation: Operation) => operation.requestBody?.contentType.includes("json") === true;

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

function curl(operation: Operation): string {
  const query = shownQuery(operation);
  const search = query.length > 0 ? `?${query.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&")}` : "";
  const lines = [`curl -X ${operation.method} "$CHORUS_URL${pathWith(operation, (_, value) => value)}${search}"`];
  if (operation.needsKey) lines.push(`-H "Authorization: Bearer $CHORUS_API_KEY"`);
  const body = operation.requestBody;
  if (body && isJson(operation)) {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d ${shellQuote(JSON.stringify(body.example ?? {}, null, 2))}`);
  } else if (body) {
    lines.push(`-H "Content-Type: ${body.contentType === "application/octet-stream" ? "image/png" : body.contentType}"`);
    lines.push("--data-binary @photo.png");
  }
  return lines.join(" \\\n  ");
}

function indent(text: string, by: string): string {
  return text.split("\n").join(`\n${by}`);
}

function typescript(operation: Operation): string {
  const options: string[] = [];
  const params: string[] = [];
  const path = operation.parameters.filter((parameter) => parameter.in === "path");
  if (path.length > 0)
    params.push(`path: { ${path.map((parameter) => `${JSON.stringify(parameter.name).replace(/^"(\w+)"$/, "$1")}: ${JSON.stringify(parameterValue(operation, parameter.name))}`).join(", ")} }`);
  const query = shownQuery(operation);
  if (query.length > 0) params.push(`query: { ${query.map(([name]) => `${name}: ${literal(operation, name)}`).join(", ")} }`);
  if (operation.method !== "GET" && operation.needsKey) params.push(`header: { "Idempotency-Key": idempotencyKey() }`);
  if (params.length > 0) options.push(`params: { ${params.join(", ")} }`);
  if (operation.requestBody && isJson(operation)) options.push(`body: ${indent(JSON.stringify(operation.requestBody.example ?? {}, null, 2), "  ")}`);
  const usesKey = operation.method !== "GET" && operation.needsKey;
  const imports = ["createChorusClient", ...(usesKey ? ["idempotencyKey"] : []), "unwrap"].join(", ");
  const setup = [`import { ${imports} } from "@chorus-api/sdk";`, "", "const chorus = createChorusClient({ apiKey: process.env.CHORUS_API_KEY!, baseUrl: process.env.CHORUS_URL });", ""];
  if (operation.requestBody && !isJson(operation)) {
    return [
      'import { readFile } from "node:fs/promises";',
      ...setup,
      `// ${operation.requestBody.contentType} body: pass the bytes and their type.`,
      `const { data, error } = await chorus.${operation.method}(${JSON.stringify(operation.path)}, {`,
      `  ${params.length > 0 ? `params: { ${params.join(", ")} },\n  ` : ""}body: await readFile("photo.png") as never,`,
      `  headers: { "content-type": "image/png" },`,
      "  bodySerializer: (bytes) => bytes,",
      "});",
      "console.log(data ?? error);",
    ].join("\n");
  }
  const call = `await chorus.${operation.method}(${JSON.stringify(operation.path)}${options.length > 0 ? `, {\n  ${options.join(",\n  ")},\n}` : ""})`;
  const hasBody = operation.answers.some((answer) => answer.status.startsWith("2") && answer.body);
  return [...setup, hasBody ? `const result = unwrap(${call});` : `const { error } = ${call};`, hasBody ? "console.log(result);" : "if (error) throw new Error(error.error.message);"].join("\n");
}

/** A JSON value as a Python literal (True, False, None). */
export function python(value: Json, depth = 0): string {
  const pad = "    ".repeat(depth + 1);
  const end = "    ".repeat(depth);
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "number" || typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return value.length === 0 ? "[]" : `[\n${value.map((item) => `${pad}${python(item, depth + 1)}`).join(",\n")},\n${end}]`;
  const entries = Object.entries(value as Record<string, Json>);
  return entries.length === 0 ? "{}" : `{\n${entries.map(([key, item]) => `${pad}${JSON.stringify(key)}: ${python(item, depth + 1)}`).join(",\n")},\n${end}}`;
}

function py(operation: Operation): string {
  const lines = ["import os", "import requests", ""];
  const url = `f"{os.environ['CHORUS_URL']}${pathWith(operation, (_, value) => value).replace(/[{}]/g, (brace) => brace + brace)}"`;
  const args = [url];
  const headers: string[] = [];
  if (operation.needsKey) headers.push(`"Authorization": f"Bearer {os.environ['CHORUS_API_KEY']}"`);
  const query = shownQuery(operation);
  if (query.length > 0) args.push(`params={${query.map(([name]) => `${JSON.stringify(name)}: ${literal(operation, name)}`).join(", ")}}`);
  const body = operation.requestBody;
  if (body && isJson(operation)) args.push(`json=${python(body.example ?? {}, 1)}`);
  else if (body) {
    headers.push(`"Content-Type": "image/png"`);
    args.push(`data=open("photo.png", "rb").read()`);
  }
  if (headers.length > 0) args.splice(1, 0, `headers={${headers.join(", ")}}`);
  lines.push(`response = requests.${operation.method.toLowerCase()}(\n    ${args.join(",\n    ")},\n)`);
  lines.push("response.raise_for_status()  # the body of a refusal names its code and fix: response.json()['error']");
  const hasBody = operation.answers.some((answer) => answer.status.startsWith("2") && answer.body);
  if (hasBody) lines.push("print(response.json())");
  return lines.join("\n");
}

export function samples(operation: Operation): Sample[] {
  return [
    { label: "curl", lang: "shell", code: curl(operation) },
    { label: "TypeScript (@chorus-api/sdk)", lang: "typescript", code: typescript(operation) },
    { label: "Python (requests)", lang: "python", code: py(operation) },
  ];
}
