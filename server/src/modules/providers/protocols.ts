import type { ProviderProtocol } from './tables.js';

/*
 * What the providers module knows of protocols itself: which one is the built-in offline demo.
 * Everything else a protocol does is in its kind's adapter map (docs/architecture.md, Providers).
 */

/** The protocol of the built-in offline demo provider. */
export const DEMO_PROTOCOL = 'demo' satisfies ProviderProtocol;

const demoProtocols: ReadonlySet<string> = new Set([DEMO_PROTOCOL]);

/** Whether a provider is the offline demo (shown as "Offline demo", free of any upstream). */
export const isDemoProtocol = (protocol: string): boolean => demoProtocols.has(protocol);
