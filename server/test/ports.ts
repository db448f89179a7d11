import net from 'node:net';

/** The kernel's ephemeral ports on Linux (`net.ipv4.ip_local_port_range`). */
const EPHEMERAL_FROM = 32_768;
const FROM = 20_000;

/**
 * A loopback port nothing listens on now, for a server whose address must be known before it
 * listens (a public URL given to the app it starts). Chosen below the ephemeral range, where
 * every `listen(0)` and outgoing connection of the test files running beside it takes its
 * port: a port of that range, free when asked, was taken by one of them before the listen
 * often enough on a loaded machine (EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = FROM + Math.floor(Math.random() * (EPHEMERAL_FROM - FROM));
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}
