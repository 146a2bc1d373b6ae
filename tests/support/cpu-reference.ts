/**
 * CPU budgets as ratios (these machines are shared and noisy). The suite runs four files
 * at a time on two cores, often two hyperthreads of one core: a piece of work then costs up to twice the CPU time it
 * costs on an idle machine (CI measured the demo seed at 3.0 s and its drawings at 4.6 s of CPU against 1.2 s and
 * 1.6 s idle). A budget is therefore stated in units of a fixed reference piece of work, timed in the same process
 * just before and just after what is measured, so that both pay the same neighbours.
 */

/** CPU milliseconds (user + system, every thread of this process) spent since `since`. */
export function cpuMsSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

/**
 * The reference piece of work: fixed, deterministic JavaScript (sorting and serializing records, the kind of work a
 * server and a seed do), about 100–150 ms of CPU on an idle core of these machines.
 */
export function referenceWorkCpuMs(): number {
  const started = process.cpuUsage();
  let checksum = 0;
  for (let round = 0; round < 6; round += 1) {
    let seed = 12345 + round;
    const rows = Array.from({ length: 40_000 }, (_, index) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return { id: index, key: seed.toString(36), amount: seed % 100_000 };
    });
    rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    checksum += JSON.parse(JSON.stringify(rows)).length;
  }
  if (checksum !== 6 * 40_000) throw new Error("the reference work went wrong");
  return cpuMsSince(started);
}

let warmedUp = false;

/**
 * Runs `work` between two timings of the reference work and returns its CPU time in reference units (its CPU time
 * over the mean of the two references), with the raw figures for a failure's message.
 */
export async function inReferenceUnits(
  work: () => Promise<unknown>,
): Promise<{ units: number; workMs: number; referenceMs: number }> {
  // the first run also compiles the reference's code: it is discarded
  warmedUp ||= referenceWorkCpuMs() > 0;
  const before = referenceWorkCpuMs();
  const started = process.cpuUsage();
  await work();
  const workMs = cpuMsSince(started);
  const after = referenceWorkCpuMs();
  const referenceMs = (before + after) / 2;
  return { units: workMs / referenceMs, workMs, referenceMs };
}
