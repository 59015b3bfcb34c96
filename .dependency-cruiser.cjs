// The architecture check (`npm run arch`, part of `npm run lint` and CI): the layer order and the
// domain modules of docs/architecture.md as data. A finding names the rule and the import; to move
// a boundary, edit LAYERS or MODULES below, not the rules.
//
// Type-only imports count for every rule (tsPreCompilationDeps): a type import is still a
// compile-time dependency, and a cycle through types alone ties two files together just as
// tightly. CYCLES_THROUGH_TYPES = false would let a cycle pass when one of its imports is
// `import type` (the layer and module rules would still see type imports).
const CYCLES_THROUGH_TYPES = true;

/** Top to bottom: a file may import its own layer and the layers below it, never one above. */
const LAYERS = [
  { name: "entries", paths: ["^src/(app|server|worker)\\.tsx?$", "^src/node/", "^src/cli/"] },
  // Settings read from the environment, turned into the dependencies the entries hand to the app.
  { name: "config", paths: ["^src/config/"] },
  { name: "edges", paths: ["^src/routes/", "^src/mcp/", "^src/pages/", "^src/http/", "^src/openapi/", "^src/deps\\.ts$"] },
  { name: "jobs", paths: ["^src/jobs/"] },
  { name: "domain", paths: ["^src/domain/"] },
  { name: "adapters", paths: ["^src/networks/", "^src/sandbox/"] },
  { name: "base", paths: ["^src/infra/", "^src/db/", "^src/types/"] },
];

/** Domain modules, bottom first: each imports only those before it, and only through their index.ts. */
const MODULES = ["core", "billing", "keys", "agents", "events", "accounts", "publishing", "inbox", "insights", "workspaces"];

const DOMAIN = "src/domain";
const either = (paths) => paths.join("|");

const layerRules = LAYERS.flatMap((layer, index) => {
  const above = LAYERS.slice(0, index);
  if (above.length === 0) return [];
  return [
    {
      name: `layer-${layer.name}`,
      comment: `${layer.name} sits below ${above.map((l) => l.name).join(", ")} (docs/architecture.md) and must not import them`,
      severity: "error",
      from: { path: either(layer.paths) },
      to: { path: either(above.flatMap((l) => l.paths)) },
    },
  ];
});

const moduleOrderRules = MODULES.slice(0, -1).map((module, index) => ({
  name: `module-order-${module}`,
  comment: `domain module ${module} may import only ${MODULES.slice(0, index).join(", ") || "no other module"}`,
  severity: "error",
  from: { path: `^${DOMAIN}/${module}/` },
  to: { path: `^${DOMAIN}/(${MODULES.slice(index + 1).join("|")})/` },
}));

const allSrcLayers = LAYERS.flatMap((l) => l.paths);

module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      comment: "an import cycle in src/ (type-only imports count): break it by moving the shared part down",
      severity: "error",
      from: { path: "^src/" },
      to: CYCLES_THROUGH_TYPES ? { circular: true } : { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    ...layerRules,
    {
      name: "module-index-only",
      comment: `outside ${DOMAIN}/<module>/, a module is reached through its index.ts only`,
      severity: "error",
      from: { path: "^src/", pathNot: `^${DOMAIN}/[^/]+/` },
      to: { path: `^${DOMAIN}/[^/]+/`, pathNot: `^${DOMAIN}/[^/]+/index\\.tsx?$` },
    },
    {
      name: "module-index-only-between-modules",
      comment: `one domain module reaches another through its index.ts only`,
      severity: "error",
      from: { path: `^${DOMAIN}/([^/]+)/` },
      to: { path: `^${DOMAIN}/[^/]+/`, pathNot: [`^${DOMAIN}/$1/`, `^${DOMAIN}/[^/]+/index\\.tsx?$`] },
    },
    ...moduleOrderRules,
    {
      name: "module-unknown",
      comment: `every folder in ${DOMAIN}/ is one of the modules listed in .dependency-cruiser.cjs (MODULES), so the order above covers it`,
      severity: "error",
      from: { path: `^${DOMAIN}/(?!(${MODULES.join("|")})/)` },
      to: {},
    },
    {
      name: "layer-unknown",
      comment: "every file in src/ belongs to a layer of .dependency-cruiser.cjs (LAYERS), so the order above covers it",
      severity: "error",
      from: { path: "^src/", pathNot: either(allSrcLayers) },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.d\\.ts$" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
      conditionNames: ["import", "require", "node", "default", "types"],
      exportsFields: ["exports"],
      mainFields: ["module", "main", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
