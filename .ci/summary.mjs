// Prints what CI ran, at the very end of its output where a reader looks first: per Node version the
// counts, then every failed test (file, name, first line of the error), every file that failed
// outside a test (a hook, an import), and every test that failed and then passed on a retry (a
// flaky test, named so it gets fixed rather than hidden). The last line is "N passed, N failed[, N skipped]".
// A skipped test fails the run too (a skip under CI means a missing service or a switched-off test,
// and a green run would hide it), except the skips named in `allowedSkips` for that run's label.
// Usage: node .ci/summary.mjs <steps> <label>=<vitest json> ...
// <steps> is "name=exit code,..." for the steps outside the test runner (type-check, lint): each one
// that failed counts as one failure and is named; a plain number is taken as that many failures.
import { readFileSync } from "node:fs";
import { relative } from "node:path";

/** The only skips CI accepts, per run label: each names the file, the test (all when absent) and why. */
const allowedSkips = {
  "Node LTS": [
    {
      file: /^test\/e2e\/bluesky-(pds|connect-api|appview-notifications)\.test\.ts$/,
      why: "the local Bluesky PDS needs better-sqlite3, a native module built for the Node that ran npm ci in fixtures/local-pds (.ci/run sets CHORUS_CI_MAY_SKIP=pds on this pass)",
    },
  ],
};
const skipAllowed = (label, file, test) => (allowedSkips[label] ?? []).find((rule) => rule.file.test(file) && (!rule.test || rule.test.test(test.fullName)));

/** Where a run's time went, so a run that outgrows CI's budget names its slowest files. */
function timingLine(report) {
  const suites = (report.testResults ?? []).filter((suite) => suite.startTime && suite.endTime);
  if (suites.length === 0) return "  timing: not reported";
  const wall = (Math.max(...suites.map((suite) => suite.endTime)) - Math.min(...suites.map((suite) => suite.startTime))) / 1000;
  const slowest = suites
    .map((suite) => ({ name: relative(process.cwd(), suite.name), seconds: (suite.endTime - suite.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 5)
    .map((suite) => `${suite.name} ${suite.seconds.toFixed(0)} s`);
  return `  timing: ${wall.toFixed(0)} s from the first file's start to the last file's end; slowest: ${slowest.join(", ")}`;
}

const [steps = "0", ...runs] = process.argv.slice(2);
const unnamed = /^\d+$/.test(steps);
const failedSteps = unnamed
  ? []
  : steps
      .split(",")
      .filter((step) => Number(step.split("=")[1]) !== 0)
      .map((step) => step.split("=")[0]);
let passed = 0;
let failed = unnamed ? Number(steps) : failedSteps.length;
let skipped = 0;
const firstLine = (message) =>
  String(message ?? "")
    .split("\n")
    .find((line) => line.trim() !== "")
    ?.trim()
    .slice(0, 300) ?? "";

for (const run of runs) {
  const cut = run.indexOf("=");
  const label = run.slice(0, cut);
  const file = run.slice(cut + 1);
  let report;
  try {
    report = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    console.log(`${label}: no report at ${file} (the run did not finish)`);
    failed += 1;
    continue;
  }
  const notes = [];
  let allowedHere = 0;
  for (const suite of report.testResults ?? []) {
    const name = relative(process.cwd(), suite.name);
    for (const test of suite.assertionResults ?? []) {
      const messages = test.failureMessages ?? [];
      if (test.status === "failed") notes.push(`  FAILED ${name} > ${test.fullName}\n         ${firstLine(messages[0])}`);
      else if (test.status === "skipped" || test.status === "pending" || test.status === "todo") {
        const allowed = skipAllowed(label, name, test);
        if (allowed) allowedHere += 1;
        else notes.push(`  SKIPPED (fails the run under CI) ${name} > ${test.fullName}`);
      } else if (test.status === "passed" && messages.length > 0) notes.push(`  FLAKY (passed on retry ${messages.length}) ${name} > ${test.fullName}\n         ${firstLine(messages[0])}`);
    }
    if (suite.status === "failed" && !(suite.assertionResults ?? []).some((test) => test.status === "failed")) {
      notes.push(`  FILE FAILED ${name}\n         ${firstLine(suite.message)}`);
      failed += 1;
    }
  }
  const skippedHere = report.numPendingTests + report.numTodoTests;
  const refusedSkips = Math.max(0, skippedHere - allowedHere);
  console.log(`${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skippedHere} skipped` + (allowedHere ? ` (${allowedHere} allowed on this run)` : ""));
  for (const rule of allowedSkips[label] ?? []) console.log(`  allowed to skip here: ${rule.file.source}${rule.test ? ` > ${rule.test.source}` : ""}: ${rule.why}`);
  for (const note of notes) console.log(note);
  console.log(timingLine(report));
  passed += report.numPassedTests;
  failed += report.numFailedTests + refusedSkips;
  skipped += skippedHere;
}
for (const step of failedSteps) console.log(`FAILED step: ${step} (its output is above, under "== ${step}")`);
console.log(`${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ""));
process.exitCode = failed > 0 ? 1 : 0;
