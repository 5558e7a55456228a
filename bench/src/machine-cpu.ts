/**
 * The CPU the whole machine spends over a run, split by who spends it: the bench's own process (the platform) and
 * its descendants by role (DynamoDB Local's JVM, moto, the load generator, the merchant's receiver, the function
 * processes). Read from /proc (Linux), in ms. On a 2-core machine a throughput figure is bounded by this budget: the
 * bench prints it so a ratio against DynamoDB Local alone can be read as CPU, not guessed.
 */
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export interface MachineCpu {
  /** Busy time of all cores (user, nice, system, irq, softirq, steal). */
  machineMs: number;
  /** This process and its descendants by role. */
  byRole: Record<string, number>;
}

const ROLES: [RegExp, string][] = [
  [/DynamoDBLocal/, 'DynamoDB Local'],
  [/moto[.-]server/, 'moto'],
  [/load-process/, 'load generator'],
  [/callback-sink-process/, "merchant's receiver"],
  [/function-process/, 'function processes'],
];

const msPerTick = (() => {
  try {
    return 1000 / Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim());
  } catch {
    return 10;
  }
})();

export function machineCpu(): MachineCpu {
  const first = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = first;
  const procs = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(readProc)
    .filter((p) => p !== undefined);
  const children = new Map<number, typeof procs>();
  for (const p of procs) {
    const siblings = children.get(p.ppid);
    if (siblings) siblings.push(p);
    else children.set(p.ppid, [p]);
  }
  const own = process.cpuUsage();
  const byRole: Record<string, number> = { platform: (own.user + own.system) / 1000 };
  const walk = (pid: number, inherited?: string) => {
    for (const c of children.get(pid) ?? []) {
      const role = ROLES.find(([re]) => re.test(c.cmdline))?.[1] ?? inherited ?? 'other';
      byRole[role] = (byRole[role] ?? 0) + c.ticks * msPerTick;
      walk(c.pid, role);
    }
  };
  walk(process.pid);
  return { machineMs: (user + nice + system + irq + softirq + steal) * msPerTick, byRole };
}

/** One process's CPU so far (user + system), in ms; 0 once it has exited. */
export function processCpuMs(pid: number): number {
  return (readProc(String(pid))?.ticks ?? 0) * msPerTick;
}

/** What was spent between two readings. */
export function cpuSince(before: MachineCpu, after = machineCpu()): MachineCpu {
  const byRole: Record<string, number> = {};
  for (const [role, ms] of Object.entries(after.byRole)) byRole[role] = Math.max(0, ms - (before.byRole[role] ?? 0));
  return { machineMs: after.machineMs - before.machineMs, byRole };
}

function readProc(dir: string): { pid: number; ppid: number; ticks: number; cmdline: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${dir}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields after it are positional.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cmdline = readFileSync(`/proc/${dir}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return { pid: Number(dir), ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]), cmdline };
  } catch {
    return undefined; // exited meanwhile
  }
}
