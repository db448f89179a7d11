import { json, type FakeRequest } from './http.js';

/**
 * Luma Dream Machine's API, and the Luma reverse proxy relays run, for the fake video upstream.
 *
 * Official API: lumalabs/lumaai-node (the SDK generated from Luma's OpenAPI spec; base URL
 * `https://api.lumalabs.ai/dream-machine/v1`), `api.md`, `src/resources/generations/
 * generations.ts` and `video.ts`, `src/resources/credits.ts` (v1.21, 2026; checked again against
 * its commit be2c3c4c of 2026-04-07: the same routes, fields and states):
 * - `POST /generations/video` creates a video (since the SDK's 2025-05-28 update; `POST
 *   /generations` is no longer a create route there, only `GET` lists — refused here with
 *   405 `{detail: "Method Not Allowed"}`); `model` is required, `ray-2` | `ray-flash-2`;
 *   `aspect_ratio` one of 1:1, 16:9, 9:16, 4:3, 3:4, 21:9, 9:21; `duration` `5s` | `9s`;
 *   `resolution`, `loop`, `concepts`, `callback_url` (a POST of the Generation "when the
 *   generation is dreaming, completed, or failed"), `keyframes.frame0|frame1` each
 *   `{type: "image", url}` or `{type: "generation", id}`;
 * - `GET /generations/{id}` → Generation `{id, generation_type, state queued|dreaming|
 *   completed|failed, failure_reason, created_at, model, assets {video, image,
 *   progress_video}, request}`;
 * - `GET /credits` → `{credit_balance}`, "available credits balance in USD cents".
 * Its refusals are `{detail}`: a body outside those types is answered as a validation error,
 * 422 `{detail: [{loc, msg, type}]}` (the SDK's error classes name 422
 * UnprocessableEntityError; the shape is the one its `{detail}` errors take).
 *
 * Relay: LumaAI-API/Luma-API (`router.go`, `models.go`, `middleware/auth.go`, `luma.go`):
 * `POST /luma/generations/` (and `/luma/generations`) with `{user_prompt, aspect_ratio,
 * expand_prompt, image_url, image_end_url}` → an array of VideoTask; `POST
 * /luma/generations/{id}/extend`; `GET /luma/generations/{id}` → VideoTask `{id, prompt, state
 * pending|processing|completed, created_at, video {url, width, height, thumbnail},
 * estimate_wait_seconds}`; `GET /luma/users/me` (the account behind it: here a small object,
 * the real one is Luma's own user info); a wrong secret is 401 `{detail: {reason:
 * "unauthorized secret token", code: 1}}`.
 */

export const LUMA_MODELS = ['ray-2', 'ray-flash-2'] as const;
const ASPECTS = ['1:1', '16:9', '9:16', '4:3', '3:4', '21:9', '9:21'];

interface Issue {
  loc: Array<string | number>;
  msg: string;
  type: string;
}

const keyframeIssue = (name: string, f: unknown): Issue | null => {
  if (f === undefined) return null;
  const k = f as { type?: unknown; url?: unknown; id?: unknown };
  const loc = ['body', 'keyframes', name];
  if (k?.type === 'image' && typeof k.url === 'string' && k.url) return null;
  if (k?.type === 'generation' && typeof k.id === 'string' && k.id) return null;
  return {
    loc,
    msg: "Input should be {type: 'image', url} or {type: 'generation', id}",
    type: 'union_tag_invalid',
  };
};

/** Why Luma refuses a video create's body (422), or null. */
export function lumaRefusal(body: Record<string, unknown>) {
  const issues: Issue[] = [];
  if (body.model === undefined)
    issues.push({ loc: ['body', 'model'], msg: 'Field required', type: 'missing' });
  else if (!LUMA_MODELS.includes(body.model as (typeof LUMA_MODELS)[number]))
    issues.push({
      loc: ['body', 'model'],
      msg: `Input should be ${LUMA_MODELS.map((m) => `'${m}'`).join(' or ')}`,
      type: 'literal_error',
    });
  if (body.aspect_ratio !== undefined && !ASPECTS.includes(String(body.aspect_ratio)))
    issues.push({
      loc: ['body', 'aspect_ratio'],
      msg: `Input should be ${ASPECTS.map((a) => `'${a}'`).join(', ')}`,
      type: 'literal_error',
    });
  const k = (body.keyframes ?? {}) as Record<string, unknown>;
  for (const name of ['frame0', 'frame1']) {
    const issue = keyframeIssue(name, k[name]);
    if (issue) issues.push(issue);
  }
  return issues.length ? json(422, { detail: issues }) : null;
}

/** The relay's refusal of a wrong secret (`middleware/auth.go` SecretAuth). */
export const lumaRelayUnauthorized = (req: FakeRequest, key: string) =>
  req.headers.authorization?.replace(/^Bearer /, '') === key
    ? null
    : json(401, { detail: { reason: 'unauthorized secret token', code: 1 } });
