import type { ChatChunk } from './types.js';

/*
 * The parts of an OpenAI-compatible message or delta beyond plain text: what models that draw
 * answer with (docs/chat.md, "Pictures in answers").
 */

/**
 * A part of a message a drawing model answers with: OpenAI's `image_url` part
 * (`{type:"image_url",image_url:{url}}`, as OpenRouter's `delta.images` and relays of
 * gpt-image send), a text part, or Gemini's `inline_data` / `inlineData` part
 * (`{mime_type,data}` base64, https://ai.google.dev/gemini-api/docs/image-generation)
 * relayed as it is.
 */
export interface UpstreamPart {
  type?: string;
  text?: string;
  image_url?: { url?: string } | string;
  inline_data?: { mime_type?: string; data?: string };
  inlineData?: { mimeType?: string; data?: string };
}

/** The text pieces of a content that is a string or a list of parts. */
export function piecesOf(content: string | UpstreamPart[] | null | undefined): ChatChunk[] {
  if (typeof content === 'string') return content ? [{ delta: content }] : [];
  if (!Array.isArray(content)) return [];
  return content.flatMap((p) =>
    typeof p?.text === 'string' && p.text && (p.type === undefined || p.type === 'text')
      ? [{ delta: p.text }]
      : [],
  );
}

/** The pictures of a message or delta: its `images` and its content's picture parts. */
export function imagesOf(message: { content?: unknown; images?: unknown } | undefined): string[] {
  if (!message) return [];
  const parts = [
    ...(Array.isArray(message.images) ? (message.images as unknown[]) : []),
    ...(Array.isArray(message.content) ? (message.content as unknown[]) : []),
  ] as Array<UpstreamPart | null>;
  const out: string[] = [];
  for (const p of parts) {
    if (!p || typeof p !== 'object') continue;
    const url = typeof p.image_url === 'string' ? p.image_url : p.image_url?.url;
    const inline = p.inline_data
      ? { mime: p.inline_data.mime_type, data: p.inline_data.data }
      : p.inlineData
        ? { mime: p.inlineData.mimeType, data: p.inlineData.data }
        : null;
    if (typeof url === 'string' && /^(https?:|data:image\/)/.test(url)) out.push(url);
    else if (inline?.data && /^image\/[a-z0-9.+-]+$/i.test(inline.mime ?? ''))
      out.push(`data:${inline.mime};base64,${inline.data}`);
  }
  return out;
}
