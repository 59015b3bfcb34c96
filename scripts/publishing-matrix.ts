import { writeFileSync } from "node:fs";
import { renderPublishingMatrix } from "../src/networks/publishing-matrix.js";

// Writes docs/publishing-matrix.md from the capability registry; the unit test checks it is current.
writeFileSync(new URL("../docs/publishing-matrix.md", import.meta.url), renderPublishingMatrix());
