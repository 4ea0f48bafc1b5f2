// `npm run build`: always builds, and records the fingerprint that `npm start` and `npm test` compare.
import { ensureBuild } from "./build-state.mjs";

ensureBuild({ force: true });
