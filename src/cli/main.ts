// The operator command line (`npm run chorus -- …`, `node dist/cli/main.js …`). It prepares module
// loading and the WebAssembly compiler first, then loads the commands: both apply only to what is
// loaded after them.
import { setFlagsFromString } from "node:v8";
import { registerResolveShortcuts } from "../node/resolve-shortcuts.js";

registerResolveShortcuts();
// A command runs a query or two on the embedded database and exits, so optimising PGlite's
// WebAssembly (V8's second tier) is wasted work: baseline code only halved a command's CPU (2.3 to
// 1.2 s) and memory (237 to 153 MB) on Node 20. Node 24 ignores flags set at run time; there
// `node --liftoff-only dist/cli/main.js` (npm run chorus:prod) does the same.
setFlagsFromString("--liftoff-only");
await import("./run.js");
