export * from "./connect.js";
export * from "./jobs.js";
export * from "./media.js";
export * from "./social.js";
export * from "./workspaces.js";
