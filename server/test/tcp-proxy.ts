import net from 'node:net';

/*
 * A loopback TCP proxy in front of a server (the shared PostgreSQL or Redis), forwarding bytes
 * unchanged in both directions, that a test can use to make the server go away for the
 * processes behind it without touching the server itself (other test files and runs use it):
 *
 * - `refuse()`: nothing listens any more, a new connection is refused (ECONNREFUSED), as
 *   while a server is down; the connections already made go on until the server closes them
 *   (PostgreSQL's shutdown: `pg_terminate_backend` then sends each its 57P01 and closes it);
 * - `cut()`: the same, and every connection is closed at once, as when a server is killed;
 * - `restore()`: listening again on the same port, as a server started again;
 * - `freeze()` / `thaw()`: connections stay open and new ones are accepted, but no byte goes
 *   either way until thawed (each side's bytes wait in its socket, then go on in order), as a
 *   server stopped (SIGSTOP, stalled on its disk) or a network that drops packets and closes
 *   nothing.
 */
export interface TcpProxy {
  /** `url` with its host and port replaced by the proxy's. */
  readonly url: string;
  readonly port: number;
  refuse(): Promise<void>;
  cut(): Promise<void>;
  restore(): Promise<void>;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  server: net.Socket;
}

export async function startTcpProxy(url: string): Promise<TcpProxy> {
  const target = new URL(url);
  const targetPort = Number(target.port);
  const pairs = new Set<Pair>();
  let frozen = false;
  let listener: net.Server | null = null;

  /** `from`'s bytes to `to`, paused while `to` is full (or while frozen). */
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (!to.write(chunk)) from.pause();
    });
    to.on('drain', () => {
      if (!frozen) from.resume();
    });
    // A side that ends (the server closing after its last message) ends the other after the
    // bytes already forwarded; one that fails closes both.
    from.on('end', () => to.end());
    from.on('error', () => to.destroy());
    from.on('close', () => to.destroy());
  };

  const accept = (client: net.Socket) => {
    const server = net.connect(targetPort, target.hostname);
    const pair = { client, server };
    pairs.add(pair);
    client.on('close', () => pairs.delete(pair));
    if (frozen) {
      client.pause();
      server.pause();
    }
    forward(client, server);
    forward(server, client);
  };

  const listen = (port: number) =>
    new Promise<net.Server>((resolve, reject) => {
      const s = net.createServer(accept);
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve(s));
    });

  const stopListening = () =>
    new Promise<void>((resolve) => {
      const s = listener;
      listener = null;
      if (!s) return resolve();
      // Stops accepting at once; the callback would wait for every connection to end.
      s.close();
      resolve();
    });

  listener = await listen(0);
  const port = (listener.address() as net.AddressInfo).port;
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);

  const cut = async () => {
    await stopListening();
    for (const { client, server } of pairs) {
      client.destroy();
      server.destroy();
    }
    pairs.clear();
  };

  return {
    url: proxied.toString(),
    port,
    refuse: stopListening,
    cut,
    async restore() {
      if (!listener) listener = await listen(port);
    },
    freeze() {
      frozen = true;
      for (const { client, server } of pairs) {
        client.pause();
        server.pause();
      }
    },
    thaw() {
      frozen = false;
      for (const { client, server } of pairs) {
        client.resume();
        server.resume();
      }
    },
    async close() {
      frozen = false;
      await cut();
    },
  };
}
