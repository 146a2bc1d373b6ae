// Crash durability: posts RFQs and quotes while the production server is killed with SIGKILL at random
// moments, restarts it each time, and checks that every acknowledged write is there (issue: hardening).
//   npm run build && npm run bench:crash -- [--rounds 100] [--database-url postgres://…/throwaway_db]
// Without --database-url it runs on PGlite in a temporary data directory. See docs/security.md.
import { parseArgs } from "node:util";
import { crashRounds } from "../tests/support/crash-rounds";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "100" }, "database-url": { type: "string" } },
});
const report = await crashRounds({
  rounds: Number(values.rounds),
  databaseUrl: values["database-url"],
  log: (line) => console.log(line),
});
if (report.lost.length) console.log(`lost: ${report.lost.join(", ")}`);
process.exit(report.lost.length === 0 && report.fiveHundreds === 0 ? 0 : 1);
