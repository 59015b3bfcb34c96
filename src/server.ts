// `node dist/server.js` (and `npm start`, which imports it): the Node server. This file only
// prepares module loading and then loads the server, because a hook applies to the imports made
// after it is installed, and static imports would all load first.
import { registerResolveShortcuts } from "./node/resolve-shortcuts.js";

registerResolveShortcuts();
await import("./node/serve.js");
