// The types of simulators.mjs: src/sandbox/registry.ts built into a module of its own for the
// Worker by scripts/build-worker-sandbox.mjs (the .mjs is generated, never committed).
export { loadSimulatorFactories } from "../registry.js";
