#!/usr/bin/env node
// Moves source files and rewrites every relative import that names them, so a restructuring is one
// reviewable map instead of hundreds of hand edits. Re-runnable: after merging a branch written against
// the old paths, `--fix` repoints its imports using the same map.
//
//   node scripts/move-files.mjs moves.json          # git mv each entry, then fix imports everywhere
//   node scripts/move-files.mjs --fix moves.json    # only repoint imports that still name old paths
//   node scripts/move-files.mjs --rebase moves.json FILE...  # FILEs now stand where the map moved them,
//                                                   # but their imports were written at the old place
//
// moves.json: { "src/domain/jobs/job-queue.ts": "src/domain/core/job-queue.ts", "src/domain/events/": "src/domain/events/" }
// A key ending in "/" moves a whole folder.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const rebase = args[0] === "--rebase";
const fixOnly = args[0] === "--fix" || rebase;
const mapFile = fixOnly ? args[1] : args[0];
if (!mapFile) {
  console.error("usage: move-files.mjs [--fix] moves.json");
  process.exit(2);
}
const entries = Object.entries(JSON.parse(readFileSync(mapFile, "utf8")));
const roots = ["src", "test", "bench", "scripts", "clients"];
const sourcePattern = /\.(ts|tsx|mts|mjs|js)$/;

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full));
    else if (sourcePattern.test(entry.name)) out.push(full);
  }
  return out;
}

function mapPath(oldPath) {
  for (const [from, to] of entries) {
    if (from.endsWith("/") ? oldPath.startsWith(from) : oldPath === from) {
      return from.endsWith("/") ? to + oldPath.slice(from.length) : to;
    }
  }
  return undefined;
}

// An import names "x.js" for "x.ts"/"x.tsx", or a folder's index.
function candidates(base) {
  const stem = base.replace(/\.(js|mjs)$/, "");
  return [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}/index.ts`];
}

function resolveExisting(base) {
  return candidates(base).find((p) => existsSync(p) && statSync(p).isFile());
}

function respecify(fromFile, targetFile, originalSpecifier) {
  let rel = path.relative(path.dirname(fromFile), targetFile).split(path.sep).join("/");
  if (!rel.startsWith(".")) rel = `./${rel}`;
  const keepsExtensionless = !/\.(js|mjs|ts|tsx)$/.test(originalSpecifier);
  if (targetFile.endsWith("/index.ts") && !originalSpecifier.endsWith("index.js")) {
    return rel.replace(/\/index\.ts$/, keepsExtensionless ? "" : "/index.js");
  }
  if (keepsExtensionless) return rel.replace(/\.(ts|tsx|mts)$/, "");
  return rel
    .replace(/\.tsx$/, ".js")
    .replace(/\.ts$/, ".js")
    .replace(/\.mts$/, ".mjs");
}

const importPattern = /((?:from|import|vi\.mock|vi\.importActual|require)\s*\(?\s*)(["'])(\.{1,2}\/[^"'\n]+)\2/g;

// oldLocation: where the file stood when its imports were written (differs from file after a move).
function rewrite(file, oldLocation) {
  const text = readFileSync(file, "utf8");
  let changed = false;
  const next = text.replace(importPattern, (whole, lead, quote, spec) => {
    const fromOld = path.normalize(path.join(path.dirname(oldLocation), spec));
    const stillThere = file === oldLocation ? resolveExisting(fromOld) : undefined;
    if (stillThere) return whole;
    let target;
    for (const candidate of candidates(fromOld)) {
      const mapped = mapPath(candidate);
      if (mapped && existsSync(mapped)) {
        target = mapped;
        break;
      }
    }
    target ??= resolveExisting(fromOld);
    if (!target) return whole;
    const spec2 = respecify(file, target, spec);
    if (spec2 === spec) return whole;
    changed = true;
    return `${lead}${quote}${spec2}${quote}`;
  });
  if (changed) writeFileSync(file, next);
  return changed;
}

function unmapPath(newPath) {
  for (const [from, to] of entries) {
    if (from.endsWith("/") ? newPath.startsWith(to) : newPath === to) return from.endsWith("/") ? from + newPath.slice(to.length) : from;
  }
  return newPath;
}

const movedFrom = new Map();
if (rebase) for (const file of args.slice(2)) movedFrom.set(file, unmapPath(file));
if (!fixOnly) {
  for (const [from] of entries) {
    const files = from.endsWith("/") ? listFiles(from.replace(/\/$/, "")) : [from];
    for (const file of files) {
      const dest = mapPath(file);
      if (!dest || dest === file) continue;
      execFileSync("mkdir", ["-p", path.dirname(dest)]);
      execFileSync("git", ["mv", file, dest]);
      movedFrom.set(dest, file);
    }
  }
}

let rewritten = 0;
for (const file of roots.flatMap(listFiles)) {
  if (rewrite(file, movedFrom.get(file) ?? file)) rewritten += 1;
}
console.log(`moved ${movedFrom.size} files, rewrote imports in ${rewritten} files`);
