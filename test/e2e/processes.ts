// What the e2e tests do with the servers they start: a free local port, and stopping a process
// with everything it started, by pid (never by name: other test runs may share the machine).
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** All descendants of `pid` (children first found first), read from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 (ppid) follows the parenthesised command name, which may itself contain spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = parents.get(ppid) ?? [];
      list.push(Number(entry));
      parents.set(ppid, list);
    } catch {
      // the process ended while we were looking
    }
  }
  const out: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of parents.get(queue.shift()!) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

/** Stops `proc` and everything it started (a browser, an extension host, a language server). */
export async function stopTree(proc: ChildProcess | undefined): Promise<void> {
  if (!proc?.pid || proc.exitCode !== null || proc.signalCode !== null) return;
  const pids = [proc.pid, ...descendants(proc.pid)];
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  for (const pid of pids) signal(pid, 'SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  for (const pid of pids) signal(pid, 'SIGKILL');
}
