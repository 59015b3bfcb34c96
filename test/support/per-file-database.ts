import { afterAll } from "vitest";
import { closeFileDatabase } from "./test-app.js";

// A setup file runs for every test file, also when the worker keeps its modules between files:
// the file's own afterAll hooks (closing its apps) run before this one.
afterAll(closeFileDatabase);
