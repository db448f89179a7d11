/**
 * The text of an OpenAI-compatible stream chunk that carries text and nothing else, read without
 * parsing the whole chunk. Most of an answer's chunks are such chunks (the OpenAI API reference,
 * "The chat completion chunk object"):
 *
 *   {"id":"chatcmpl-…","object":"chat.completion.chunk","created":1,"model":"…",
 *    "choices":[{"index":0,"delta":{"content":"Hel"},"logprobs":null,"finish_reason":null}],
 *    "usage":null,"obfuscation":"…"}
 *
 * `JSON.parse` of each made four objects and their strings only for one string to be read
 * (bench/chat-stream.mjs: the parse of 54 chunks was about 5 % of the relay's CPU). Here the
 * chunk's shape is checked by patterns that allocate nothing: the fields before `choices` must be
 * flat strings, numbers, booleans or nulls and none of them `error`, `usage` or `choices`; one
 * choice whose delta is only `content`, no finish reason; after it at most a null `usage` and an
 * `obfuscation` string. Anything else (a role, a thought, a tool call, the usage, an error, other
 * spacing or order) answers `undefined`, and the caller parses the chunk as before.
 */

/** The fields before `choices`: flat values only (a nested object or array does not match). */
// JSON forbids raw control characters in a string: they are what the classes below exclude.
const HEAD =
  // eslint-disable-next-line no-control-regex
  /^\{(?:"[A-Za-z0-9_]+":(?:"(?:[^"\\\u0000-\u001f]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|null|true|false),)*$/;
/** Keys that, before `choices`, mean the chunk is more than text. */
const NOT_TEXT = /"(?:error|usage|choices)":/;
const CHOICE = '"choices":[{"index":0,"delta":{"content":"';
/** A JSON string's body from a given place: anything but a quote, a backslash or a control. */
// eslint-disable-next-line no-control-regex
const STRING = /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9A-Fa-f]{4}))*"/y;
const TAIL =
  /^\}(?:,"logprobs":null)?,"finish_reason":null\}\](?:,"usage":null)?(?:,"obfuscation":"[A-Za-z0-9+/=_-]*")?\}$/;

/**
 * The chunk's text ('' for an empty one), or undefined when the chunk is not text alone (then
 * it must be parsed whole).
 */
export function textOfChunk(data: string): string | undefined {
  const at = data.indexOf(CHOICE);
  if (at < 0) return undefined;
  const start = at + CHOICE.length;
  STRING.lastIndex = start;
  if (!STRING.test(data)) return undefined;
  const end = STRING.lastIndex - 1; // the closing quote
  if (!TAIL.test(data.slice(end + 1))) return undefined;
  const head = data.slice(0, at);
  if (!HEAD.test(head) || NOT_TEXT.test(head)) return undefined;
  const text = data.slice(start, end);
  // Escapes (checked valid above) are decoded by the parser; most pieces have none.
  return text.includes('\\') ? (JSON.parse(`"${text}"`) as string) : text;
}
