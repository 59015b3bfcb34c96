export * from "./connect.js";
export * from "./social.js";
export * from "./workspaces.js";
