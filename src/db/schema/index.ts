export * from "./social.js";
export * from "./workspaces.js";
