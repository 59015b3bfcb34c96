import type { PlatformId } from "../types/platform-ids.js";
import { createBlueskySimulator } from "./bluesky/simulator.js";
import { createFacebookSimulator } from "./facebook/simulator.js";
import { createGooglebusinessSimulator } from "./googlebusiness/simulator.js";
import { createInstagramSimulator } from "./instagram/simulator.js";
import { createLinkedinSimulator } from "./linkedin/simulator.js";
import { createPinterestSimulator } from "./pinterest/simulator.js";
import { createThreadsSimulator } from "./threads/simulator.js";
import { createTiktokSimulator } from "./tiktok/simulator.js";
import { createTwitterSimulator } from "./twitter/simulator.js";
import type { SimulatorFactory } from "./types.js";
import { createYoutubeSimulator } from "./youtube/simulator.js";

/** One simulator per network; a network without one is a type error here. */
export const simulatorFactories = {
  tiktok: createTiktokSimulator,
  instagram: createInstagramSimulator,
  facebook: createFacebookSimulator,
  twitter: createTwitterSimulator,
  youtube: createYoutubeSimulator,
  pinterest: createPinterestSimulator,
  linkedin: createLinkedinSimulator,
  bluesky: createBlueskySimulator,
  threads: createThreadsSimulator,
  googlebusiness: createGooglebusinessSimulator,
} satisfies Record<PlatformId, SimulatorFactory>;
