import type http from 'node:http';

/**
 * OpenAI's audio endpoints for the fake upstream (openai.ts routes `/v1/audio/*` here), as
 * openai/openai-node sends them and the API reference answers
 * (platform.openai.com/docs/api-reference/audio):
 *
 * - `POST /v1/audio/transcriptions` (openai-node `src/resources/audio/transcriptions.ts`,
 *   `multipartFormRequestOptions`): multipart `file`, `model`, optional `language`, `prompt`,
 *   `response_format` (`json` → `{ "text": … }`, `text` → the bare text, `verbose_json` adds
 *   `duration`). Refusals: a file of another format is a 400 "Invalid file format. Supported
 *   formats: […]"; a body over 25 MB is a 413 "Maximum content size limit (26214400) exceeded";
 *   no `file` is a 400 naming `file`.
 * - `POST /v1/audio/speech` (openai-node `src/resources/audio/speech.ts`, `__binaryResponse`):
 *   JSON `model`, `input` (at most 4096 characters), `voice`, `response_format` (default `mp3`);
 *   answered with the audio bytes, `transfer-encoding: chunked`. Refusals: an unknown voice is a
 *   400 `invalid_value` "Invalid value: '…'. Supported values are: …" (its wording as reported in
 *   openai/openai-node#1284 and openai/openai-openapi#581), an `input` over 4096 characters a
 *   400 `string_above_max_length` naming `input`.
 *
 * Models: `fake-stt` transcribes (its text is `transcript`), `fake-stt-500` fails with a 500;
 * `fake-tts` speaks (MPEG frames, in `speechPieces` chunks), `fake-tts-500` fails with a 500,
 * `fake-tts-broken` sends two chunks and then drops the connection.
 */
export interface AudioSettings {
  /** What `fake-stt` hears. */
  transcript: string;
  /** How many chunks the speech is written in. */
  speechPieces: number;
}

export interface AudioRequest {
  path: string;
  fields: Record<string, string>;
  file: { name: string; type: string; size: number } | null;
  json: Record<string, unknown> | null;
}

const VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'onyx',
  'nova',
  'sage',
  'shimmer',
  'verse',
];
const FORMATS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'];
const MAX_BYTES = 26_214_400;

const errorBody = (message: string, type: string, param: string | null, code: string | null) =>
  JSON.stringify({ error: { message, type, param, code } });

/** One MPEG-1 Layer III frame (128 kbit/s, 44.1 kHz, 417 bytes) of silence. */
export function mpegFrame(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return frame;
}

function send(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body);
}

/** Answers a `/v1/audio/*` request whose body is `raw`; records it in `requests`. */
export async function answerAudio(
  path: string,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  raw: Buffer,
  settings: AudioSettings,
  requests: AudioRequest[],
): Promise<void> {
  if (raw.length > MAX_BYTES)
    return send(
      res,
      413,
      errorBody(
        `Maximum content size limit (${MAX_BYTES}) exceeded (${raw.length} bytes read)`,
        'server_error',
        null,
        null,
      ),
    );
  const type = req.headers['content-type'] ?? '';
  if (path === '/v1/audio/transcriptions') {
    if (!type.startsWith('multipart/form-data'))
      return send(
        res,
        400,
        errorBody(
          "Invalid Content-Type header (application/json), expected multipart/form-data. (HINT: If you're using curl, you can pass -F 'key=value' to send multipart form data.)",
          'invalid_request_error',
          null,
          null,
        ),
      );
    const fields: Record<string, string> = {};
    let file: { name: string; type: string; size: number } | null = null;
    try {
      const form = await new Response(new Uint8Array(raw), {
        headers: { 'content-type': type },
      }).formData();
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') fields[name] = value;
        else if (name === 'file') file = { name: value.name, type: value.type, size: value.size };
      }
    } catch {
      return send(
        res,
        400,
        errorBody('Could not parse multipart form', 'invalid_request_error', null, null),
      );
    }
    requests.push({ path, fields, file, json: null });
    if (!file)
      return send(
        res,
        400,
        errorBody(
          '1 validation error for Request\nbody -> file\n  field required (type=value_error.missing)',
          'invalid_request_error',
          'file',
          null,
        ),
      );
    const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!FORMATS.includes(extension))
      return send(
        res,
        400,
        errorBody(
          `Invalid file format. Supported formats: ${JSON.stringify(FORMATS).replaceAll('"', "'")}`,
          'invalid_request_error',
          null,
          null,
        ),
      );
    if (fields.model === 'fake-stt-500')
      return send(
        res,
        500,
        errorBody(
          'The server had an error while processing your request.',
          'server_error',
          null,
          null,
        ),
      );
    const format = fields.response_format ?? 'json';
    if (format === 'text') {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(`${settings.transcript}\n`);
      return;
    }
    return send(res, 200, JSON.stringify({ text: settings.transcript }));
  }
  if (path !== '/v1/audio/speech')
    return send(
      res,
      404,
      errorBody(`Unknown request URL: POST ${path}`, 'invalid_request_error', null, 'unknown_url'),
    );
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
  } catch {
    return send(
      res,
      400,
      errorBody('We could not parse the JSON body', 'invalid_request_error', null, null),
    );
  }
  requests.push({ path, fields: {}, file: null, json });
  const voice = String(json.voice ?? '');
  if (!VOICES.includes(voice))
    return send(
      res,
      400,
      errorBody(
        `Invalid value: '${voice}'. Supported values are: ${VOICES.map((v) => `'${v}'`).join(', ')}.`,
        'invalid_request_error',
        'voice',
        'invalid_value',
      ),
    );
  const input = typeof json.input === 'string' ? json.input : '';
  if (input.length > 4096)
    return send(
      res,
      400,
      errorBody(
        `Invalid 'input': string too long. Expected a string with maximum length 4096, but got a string with length ${input.length} instead.`,
        'invalid_request_error',
        'input',
        'string_above_max_length',
      ),
    );
  if (json.model === 'fake-tts-500')
    return send(
      res,
      500,
      errorBody(
        'The server had an error while processing your request.',
        'server_error',
        null,
        null,
      ),
    );
  res.writeHead(200, { 'content-type': 'audio/mpeg', 'transfer-encoding': 'chunked' });
  const frame = mpegFrame();
  for (let i = 0; i < settings.speechPieces; i++) {
    if (json.model === 'fake-tts-broken' && i === 2) {
      res.socket?.destroy();
      return;
    }
    res.write(Buffer.concat([frame, frame, frame, frame]));
    await new Promise((r) => setImmediate(r));
  }
  res.end();
}
