#!/usr/bin/env node
// Writes each domain module's index.ts (its public face) from what the rest of src/ actually uses,
// and points those imports at the face. Re-run after a change: the face offers exactly the names
// other modules and layers import (through it or past it), so its surface is what is used, no more.
//
//   node scripts/module-faces.mjs          # rewrite faces and imports
//   node scripts/module-faces.mjs --check  # exit 1 when a face is stale or an import goes past one
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const check = process.argv.includes("--check");
const domain = "src/domain";
const modules = readdirSync(domain, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function listFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else if (/\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

const moduleOf = (file) => {
  const parts = file.split("/");
  return parts[0] === "src" && parts[1] === "domain" && parts.length > 3 ? parts[2] : undefined;
};

function resolveImport(fromFile, spec) {
  const base = path.normalize(path.join(path.dirname(fromFile), spec)).replace(/\.js$/, "");
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) if (existsSync(candidate)) return candidate;
  return undefined;
}

const definitions = /^export\s+(?:declare\s+)?(?:async\s+)?(const|let|function\*?|class|type|interface|enum)\s+(\w+)/gm;
function definingFile(module, name) {
  for (const file of listFiles(path.join(domain, module))) {
    if (file.endsWith("/index.ts")) continue;
    const text = readFileSync(file, "utf8");
    for (const [, , defined] of text.matchAll(definitions)) {
      if (defined === name) return file;
    }
    // Names handed on from elsewhere: `export { a, type B } from "..."` or `export { a };`.
    for (const [, list] of text.matchAll(/^export\s+(?:type\s+)?\{([^}]*)\}/gm)) {
      const names = list.split(",").map((part) =>
        part
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)
          .pop(),
      );
      if (names.includes(name)) return file;
    }
  }
  return undefined;
}

const statement = /^(import|export)(\s+type)?\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)";?[ \t]*$/gm;
const faces = new Map(modules.map((name) => [name, new Map()])); // module -> file -> Map(name -> isType)
const edits = []; // { file, original, module, names: [{ text, isType }] , kind }
const problems = [];

for (const file of listFiles("src")) {
  const text = readFileSync(file, "utf8");
  const fromModule = moduleOf(file);
  for (const match of text.matchAll(statement)) {
    const [original, kind, typeOnly, list, spec] = match;
    const target = resolveImport(file, spec);
    const targetModule = target && moduleOf(target);
    if (!targetModule || targetModule === fromModule) continue;
    if (target === path.join(domain, targetModule, "index.ts")) {
      // A name asked of the face that it does not offer yet: find the module file that exports it.
      for (const part of list
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean)) {
        const isType = Boolean(typeOnly) || part.startsWith("type ");
        const [exported] = part.replace(/^type\s+/, "").split(/\s+as\s+/);
        const owner = definingFile(targetModule, exported);
        if (!owner) continue;
        const byFile = faces.get(targetModule);
        const exports = byFile.get(owner) ?? new Map();
        exports.set(exported, (exports.get(exported) ?? true) && isType);
        byFile.set(owner, exports);
      }
      continue;
    }
    const names = list
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const isType = Boolean(typeOnly) || part.startsWith("type ");
        const bare = part.replace(/^type\s+/, "");
        const [exported] = bare.split(/\s+as\s+/);
        return { text: bare, exported, isType };
      });
    const byFile = faces.get(targetModule);
    const exports = byFile.get(target) ?? new Map();
    for (const name of names) exports.set(name.exported, (exports.get(name.exported) ?? true) && name.isType);
    byFile.set(target, exports);
    edits.push({ file, original, module: targetModule, names, kind });
  }
  for (const match of text.matchAll(/(?:import|export)\s+\*\s+(?:as\s+\w+\s+)?from\s*"(\.[^"]+)"/g)) {
    const target = resolveImport(file, match[1]);
    const targetModule = target && moduleOf(target);
    if (targetModule && targetModule !== fromModule && !target.endsWith("/index.ts")) problems.push(`${file}: namespace import of ${target}`);
  }
}

function faceText(name) {
  const byFile = [...faces.get(name).entries()].sort(([a], [b]) => a.localeCompare(b));
  const seen = new Map();
  const lines = [
    `// The ${name} module's public face: the only file of src/domain/${name}/ that other modules and`,
    "// layers import. Written by scripts/module-faces.mjs from what they use; re-run it after a change.",
  ];
  for (const [file, exports] of byFile) {
    const rel = `./${path.relative(path.join(domain, name), file).replace(/\.tsx?$/, ".js")}`;
    const sorted = [...exports.entries()].sort(([a], [b]) => a.localeCompare(b));
    for (const [exported] of sorted) {
      if (seen.has(exported) && seen.get(exported) !== file) problems.push(`${name}: ${exported} exported by ${seen.get(exported)} and ${file}`);
      seen.set(exported, file);
    }
    const values = sorted.filter(([, isType]) => !isType).map(([n]) => n);
    const types = sorted.filter(([, isType]) => isType).map(([n]) => n);
    if (values.length) lines.push(`export { ${values.join(", ")} } from "${rel}";`);
    if (types.length) lines.push(`export type { ${types.join(", ")} } from "${rel}";`);
  }
  return `${lines.join("\n")}\n`;
}

let stale = 0;
for (const name of modules) {
  const indexFile = path.join(domain, name, "index.ts");
  const previous = existsSync(indexFile) ? readFileSync(indexFile, "utf8") : "";
  const next = faceText(name);
  if (next !== previous) {
    stale += 1;
    if (!check) writeFileSync(indexFile, next);
  }
}

const byFile = Map.groupBy ? Map.groupBy(edits, (edit) => edit.file) : edits.reduce((map, edit) => map.set(edit.file, [...(map.get(edit.file) ?? []), edit]), new Map());
if (!check) {
  for (const [file, fileEdits] of byFile) {
    let text = readFileSync(file, "utf8");
    for (const edit of fileEdits) {
      let spec = path
        .relative(path.dirname(file), path.join(domain, edit.module, "index.js"))
        .split(path.sep)
        .join("/");
      if (!spec.startsWith(".")) spec = `./${spec}`;
      const list = edit.names.map((n) => (n.isType && !/^import type|^export type/.test(edit.original) ? `type ${n.text}` : n.text)).join(", ");
      const typeWord = /^(import|export) type/.test(edit.original) ? " type" : "";
      text = text.replace(edit.original, `${edit.kind}${typeWord} { ${list} } from "${spec}";`);
    }
    writeFileSync(file, text);
  }
}

for (const problem of problems) console.error(problem);
console.log(`${modules.length} modules, ${stale} faces ${check ? "stale" : "written"}, ${edits.length} imports ${check ? "past a face" : "pointed at faces"}`);
if (problems.length || (check && (stale || edits.length))) process.exit(1);
