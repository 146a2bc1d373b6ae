import fs from "node:fs";
import path from "node:path";

/** The .ts and .tsx files below `dir` that are not tests (and not React Router's generated +types), as posix paths. */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("+") ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full.split(path.sep).join("/")] : [];
  });
}
