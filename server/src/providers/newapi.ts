import { checkConnection as openaiCheck } from './chat/openai.js';
import type { ProviderCheck } from './check-http.js';

/*
 * New API (QuantumNous/new-api), the relay, as one provider of protocol `newapi`: its base URL
 * is the relay's root and its key one New API token (`sk-…`). Each kind's adapter map has a
 * `newapi` entry that calls the relay's own route for that kind (router/relay-router.go:
 * `/v1/chat/completions`, `/v1/images/*`, `/v1/models`, `/mj/*`, `/suno/*`;
 * router/video-router.go: `/v1/videos`, `/kling/v1/videos/*`). The entries that speak
 * OpenAI's format take the root with `/v1` (newApiV1); the others append their own paths.
 */

/** The relay's OpenAI-format base: `<root>/v1`. */
export const newApiV1 = (root: string): string => `${root.replace(/\/+$/, '')}/v1`;

/**
 * The connection test of `newapi` (registered once, by the chat map's entry): `GET /v1/models`
 * with the token as Bearer, which New API answers with the models the token may use.
 */
export const checkNewApi: ProviderCheck = async (p, signal) =>
  `New API: ${await openaiCheck({ ...p, baseUrl: newApiV1(p.baseUrl) }, signal)}`;
