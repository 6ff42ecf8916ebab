import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The processes of an embedded PostgreSQL cluster, to hang it (SIGSTOP) and thaw it (SIGCONT) under a running server. */
export class EmbeddedPostgresCluster {
  constructor(private readonly clusterDir: string) {}

  postmasterPid(): number {
    return Number(readFileSync(join(this.clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  /** The postmaster and its children (backends, checkpointer, …): the processes PostgreSQL is made of. */
  processes(): number[] {
    const postmaster = this.postmasterPid();
    const children = readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          return Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === postmaster;
        } catch {
          return false;
        }
      })
      .map(Number);
    return [postmaster, ...children];
  }

  /** Connections stay open but nothing answers; returns the thaw. */
  freeze(): () => void {
    // The postmaster first, so it forks no new child meanwhile; a child may still end between the listing and
    // its signal (a backend whose client left): it needs no freezing.
    const postmaster = this.postmasterPid();
    signal(postmaster, 'SIGSTOP');
    const frozen = this.processes();
    for (const pid of frozen) signal(pid, 'SIGSTOP');
    return () => {
      for (const pid of frozen) signal(pid, 'SIGCONT');
    };
  }

  /** Thaws whatever is left and stops the cluster (for afterAll). */
  stop(): void {
    for (const pid of this.processes()) signal(pid, 'SIGCONT');
    signal(this.postmasterPid(), 'SIGQUIT');
  }
}

/** Sends a signal unless the process has already ended. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
