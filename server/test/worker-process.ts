import type { ChildProcess } from 'node:child_process';

/** Resolves once a spawned task worker (task-worker-entry.ts) says it is ready. */
export const ready = (child: ChildProcess) =>
  new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (d.toString().includes('worker ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited ${code}`)));
  });

/** Kills a worker as a crash would (SIGKILL) and resolves once it is gone. */
export const kill9 = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
