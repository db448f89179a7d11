import { spawn } from 'node:child_process';

/**
 * Runs a built script of the server (`node <script>`) with this process's environment, waits
 * for it to end and answers the notes it printed (`note: ...` lines); a failure throws with
 * what it wrote on stderr. The server has a start's one-off work (migrations, seeds, example
 * pictures) done this way, so that what the work loads and leaves behind is not kept for the
 * server's life (docs/scaling.md, Idle memory).
 */
export function notesOfChild(script: string, what: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve([...out.matchAll(/^note: (.*)$/gm)].map((m) => m[1]!));
      else reject(new Error(`${what} failed (exit ${code}): ${err.trim()}`));
    });
  });
}
