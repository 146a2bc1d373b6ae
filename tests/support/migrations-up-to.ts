import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A copy of the migrations folder that stops after the migration numbered `lastIdx`, as a database deployed then
 * would have it (for tests of a data migration: migrate to here, write rows as the code of that time did, migrate on).
 * The caller removes the folder.
 */
export function migrationsUpTo(lastIdx: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "setu-migrations-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIdx);
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries)
    fs.copyFileSync(path.join("drizzle", `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

/** The index of the migration whose file name is `<idx>_<tag>.sql`, looked up by its tag (the lead renumbers them). */
export function migrationIndex(tag: string): number {
  const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  const entry = journal.entries.find((e) => e.tag.endsWith(`_${tag}`));
  if (!entry) throw new Error(`no migration tagged ${tag}`);
  return entry.idx;
}
