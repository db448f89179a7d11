import type { ProviderCheck } from '../../providers/check-http.js';

/*
 * Which protocols the server speaks: the union of the kinds' adapter maps. Each kind's module
 * hands its map here as its index.ts loads (`registerProtocols`: chat, stable-diffusion, and
 * every kind on the kit through `defineKind`), so a new protocol is one line in its kind's map;
 * the console reads the list (`GET /admin/providers/protocols`) and a provider's write names one
 * of them or is refused (docs/architecture.md, Providers).
 */

/** The protocol of the built-in offline demo provider. */
export const DEMO_PROTOCOL = 'demo';

const demoProtocols: ReadonlySet<string> = new Set([DEMO_PROTOCOL]);

/** Whether a provider is the offline demo (shown as "Offline demo", free of any upstream). */
export const isDemoProtocol = (protocol: string): boolean => demoProtocols.has(protocol);

const checks = new Map<string, ProviderCheck>();

/** Registers the connection test of a protocol (the last registration wins). */
export function registerProviderCheck(protocol: string, check: ProviderCheck): void {
  checks.set(protocol, check);
}

registerProviderCheck(DEMO_PROTOCOL, async () => 'offline demo: always available');

/** Whether a protocol has its connection test (every protocol of the maps must). */
export const hasProviderCheck = (protocol: string): boolean => checks.has(protocol);

/** The connection test of a protocol (checks.ts runs it), if it has one. */
export const checkOf = (protocol: string): ProviderCheck | undefined => checks.get(protocol);

/** Protocol → the kinds whose adapter map has it, in registration order. */
const served = new Map<string, Set<string>>([[DEMO_PROTOCOL, new Set()]]);

/**
 * Registers a kind's adapter map: its protocols serve that kind, and each adapter's connection
 * test is the console's "test connection" for its protocol.
 */
export function registerProtocols(
  kind: string,
  adapters: Record<string, { checkConnection?: ProviderCheck }>,
): void {
  for (const protocol of Object.keys(adapters)) {
    let kinds = served.get(protocol);
    if (!kinds) served.set(protocol, (kinds = new Set()));
    kinds.add(kind);
  }
  for (const [protocol, adapter] of Object.entries(adapters))
    if (adapter.checkConnection) registerProviderCheck(protocol, adapter.checkConnection);
}

/** Whether some kind's adapter map speaks this protocol. */
export const isKnownProtocol = (protocol: string): boolean => served.has(protocol);

/** Every protocol with the kinds it serves, sorted by name. */
export const knownProtocols = (): Array<{ protocol: string; kinds: string[] }> =>
  [...served]
    .map(([protocol, kinds]) => ({ protocol, kinds: [...kinds] }))
    .sort((a, b) => a.protocol.localeCompare(b.protocol));
