import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { acquireTemplates } from "./templates";

/** The HTTP-only e2e files' run: the templates their servers start from (each file starts its own servers). */
export default async function setup(project: TestProject) {
  if (!fs.existsSync("build/server/index.js")) throw new Error("Run `npm run build` before the e2e tests");
  const { templates, release } = await acquireTemplates();
  project.provide("e2eTemplates", templates);
  return release;
}
