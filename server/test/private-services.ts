import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './drawing-support.js';

/*
 * A PostgreSQL cluster and a Redis server of a test's own, on free loopback ports, that the
 * test may stop, kill and start again: the machine's shared servers (other test files, other
 * runs) are never touched. PostgreSQL is Debian's (/usr/lib/postgresql/<version>/bin, or
 * wherever pg_config says); as root the cluster runs as the `postgres` user, since initdb
 * and the server refuse root. Both servers are children of the test process that die with it
 * (a parent-death signal); the cluster's folder is removed by `destroy()`, at the latest when
 * the test process exits, else by the next run.
 */

/** Why the private servers cannot run here, or null when they can. */
export function privateServicesMissing(): string | null {
  if (!postgresBin()) return 'no PostgreSQL server binaries (initdb, postgres) were found';
  if (spawnSync('redis-server', ['--version']).status !== 0) return 'redis-server was not found';
  if (spawnSync('setpriv', ['--version']).status !== 0) return 'setpriv (util-linux) was not found';
  if (process.getuid?.() === 0 && !postgresUser()) return 'running as root without a postgres user';
  return null;
}

/** The newest installed PostgreSQL's binaries: Debian's layout first, then pg_config's. */
function postgresBin(): string | null {
  const debian = '/usr/lib/postgresql';
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .filter((v) => fs.existsSync(path.join(debian, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(debian, versions[0], 'bin');
  const bindir = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' }).stdout?.trim();
  return bindir && fs.existsSync(path.join(bindir, 'initdb')) ? bindir : null;
}

function postgresUser(): { uid: number; gid: number } | null {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Runs a command to its end; rejects with its output when it fails. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${[command, ...args].join(' ')} failed (${code}): ${output}`)),
    );
  });
}

/**
 * A server process of the test's own: killed by the kernel when the test process dies, however
 * it dies (setpriv's parent-death signal), so none outlives a crashed run. Resolves once a
 * line of its output says it is ready.
 */
function startServer(
  command: string[],
  readyLine: string,
  asUser: { uid: number; gid: number } | null,
): Promise<ChildProcess> {
  const user = asUser ? [`--reuid=${asUser.uid}`, `--regid=${asUser.gid}`, '--init-groups'] : [];
  const child = spawn('setpriv', [...user, '--pdeathsig', 'KILL', '--', ...command], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    // Read to the end (a full pipe would stall the server); kept only until it is ready.
    const read = (d: Buffer) => {
      if (ready) return;
      output += d.toString();
      ready = output.includes(readyLine);
      if (ready) resolve(child);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`${command[0]} exited (${code ?? signal}): ${output.slice(-2000)}`)),
    );
  });
}

/** Ends a server with `signal` and resolves once it is gone. */
function stopServer(child: ChildProcess | null, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** The processes a server forked (PostgreSQL's backends and its own workers), by their parent. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(name)) continue;
    try {
      // pid (comm) state ppid …: the command may hold spaces and parentheses, the last ')' ends it.
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

/**
 * Freezes a server (SIGSTOP) or lets it go on (SIGCONT), with every process it forked: the
 * kernel still accepts connections and keeps them open, but nothing answers, as a server
 * stalled on its disk or a network that drops packets without closing anything.
 */
function signalServer(child: ChildProcess | null, signal: 'SIGSTOP' | 'SIGCONT'): void {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  // The server first, so that it forks no process that the list below would miss.
  process.kill(child.pid, signal);
  for (const pid of childrenOf(child.pid)) {
    try {
      process.kill(pid, signal);
    } catch {
      // A backend that ended meanwhile.
    }
  }
}

/** Data folders of earlier runs that died before cleaning up (their servers died with them). */
function sweepStaleFolders(): void {
  const hourAgo = Date.now() - 3600_000;
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith('atelier-pg-')) continue;
    const dir = path.join(os.tmpdir(), name);
    try {
      if (fs.statSync(dir).mtimeMs < hourAgo) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Another run's, or already gone.
    }
  }
}

/** Folders still to remove when the test process exits (a test that failed before afterAll). */
const atExit = new Set<string>();
process.once('exit', () =>
  atExit.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })),
);

export interface PrivatePostgres {
  /** postgres://root@127.0.0.1:<port>/postgres */
  url: string;
  /** A fast shutdown: every connection is terminated (57P01), then nothing listens. */
  stop(): Promise<void>;
  /** Starts it again; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Frozen: connections stay open and are accepted, nothing answers (see `signalServer`). */
  pause(): void;
  resume(): void;
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  sweepStaleFolders();
  const bin = postgresBin()!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-pg-'));
  atExit.add(dir);
  const owner = process.getuid?.() === 0 ? postgresUser() : null;
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  let server: ChildProcess | null = null;
  const start = async () => {
    server = await startServer(
      [
        path.join(bin, 'postgres'),
        ...['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1'],
        // A throwaway cluster: durability costs time and buys nothing here.
        ...['-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'synchronous_commit=off'],
      ],
      'database system is ready to accept connections',
      owner,
    );
  };
  const destroy = async () => {
    signalServer(server, 'SIGCONT'); // a frozen server would not hear the shutdown
    await stopServer(server, 'SIGQUIT'); // immediate shutdown
    atExit.delete(dir);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const initdb = [path.join(bin, 'initdb'), '-D', data, '-A', 'trust', '-U', 'root'];
    const quick = [...initdb, '--no-sync', '--no-instructions'];
    await (owner
      ? run('runuser', ['-u', 'postgres', '--', ...quick])
      : run(quick[0]!, quick.slice(1)));
    await start();
  } catch (error) {
    await destroy();
    throw error;
  }
  return {
    url: `postgres://root@127.0.0.1:${port}/postgres`,
    stop: () => stopServer(server, 'SIGINT'), // fast shutdown
    start,
    pause: () => signalServer(server, 'SIGSTOP'),
    resume: () => signalServer(server, 'SIGCONT'),
    destroy,
  };
}

export interface PrivateRedis {
  url: string;
  /** Killed as by a crash (SIGKILL): its keys are gone, as it keeps none on disk. */
  kill(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Frozen: connections stay open and are accepted, nothing answers (see `signalServer`). */
  pause(): void;
  resume(): void;
  destroy(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let server: ChildProcess | null = null;
  const start = async () => {
    server = await startServer(
      // Nothing kept on disk: killed, it comes back empty.
      [
        'redis-server',
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      'Ready to accept connections',
      null,
    );
  };
  await start();
  const kill = () => stopServer(server, 'SIGKILL');
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    pause: () => signalServer(server, 'SIGSTOP'),
    resume: () => signalServer(server, 'SIGCONT'),
    destroy: kill,
  };
}
