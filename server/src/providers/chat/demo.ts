import { countMessageTokens, countTokens } from './tokens.js';
import type { ChatAdapter, ChatChunk, ChatMessage, ChatRequest } from './types.js';

/**
 * The built-in offline demo: no AI behind it, but a real, useful streamed reply. It says what
 * it is, relates to what the user asked, and shows what the renderer does (a heading, a list, a
 * table, a code block, a formula). Usage is counted with the same estimator as everything else.
 */
export const OUTLINE_MARKER = '[atelier:outline]';

const lastUserText = (messages: ChatMessage[]): string => {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  return last.content
    .map((p) => (p.type === 'text' ? p.text : ''))
    .join(' ')
    .trim();
};

const hasImage = (messages: ChatMessage[]) =>
  messages.some((m) => Array.isArray(m.content) && m.content.some((p) => p.type === 'image_url'));

const words = (text: string) =>
  [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [])].slice(0, 6);

/** Which app's prompt the server sent, so a user (and a test) sees the app is in use. */
function personaLines(persona: string, messages: ChatMessage[]): string[] {
  const system = messages.find((m) => m.role === 'system')?.content;
  const text = typeof system === 'string' ? system.replace(/\s+/g, ' ').trim() : '';
  const head = [...text].slice(0, 80).join('');
  return [
    `Persona in use: **${persona}**`,
    '',
    ...(head ? [`> ${head}${[...text].length > 80 ? '…' : ''}`, ''] : []),
  ];
}

export function demoReply(messages: ChatMessage[], persona?: string): string {
  const asked = lastUserText(messages).replace(/\s+/g, ' ').slice(0, 200);
  const isOutline = messages.some(
    (m) =>
      m.role === 'system' && typeof m.content === 'string' && m.content.includes(OUTLINE_MARKER),
  );
  const topic = asked || 'your topic';
  const keys = words(asked);
  if (isOutline) {
    return [
      `# ${topic}`,
      '',
      '## What it is',
      `- A short definition of ${topic}`,
      '- Why it matters',
      '## Key parts',
      ...(keys.length ? keys.map((k) => `- ${k}`) : ['- First idea', '- Second idea']),
      '## Next steps',
      '- Read one good introduction',
      '- Try a small example',
      '- (Offline demo outline: connect a real model for a real one)',
    ].join('\n');
  }
  const turns = messages.filter((m) => m.role === 'user').length;
  return [
    '## Offline demo reply',
    '',
    ...(persona ? personaLines(persona, messages) : []),
    `You asked: **${topic}**`,
    '',
    'I am the **offline demo** model of Atelier: no AI is connected, so I cannot really answer, ' +
      'but this reply streams, is saved and is charged exactly like a real one. An operator ' +
      'adds a real provider in the admin or in the `ATELIER_CONFIG` file (see docs/providers.md).',
    '',
    '### What I noticed',
    ...(keys.length
      ? keys.map(
          (k) => `- the word *${k}* (${countTokens(k)} token${countTokens(k) > 1 ? 's' : ''})`,
        )
      : ['- an empty question']),
    `- this is message ${turns} of the conversation I was sent`,
    ...(hasImage(messages) ? ['- an image was attached (a vision model would look at it)'] : []),
    '',
    '### Your message in numbers',
    '',
    '| Measure | Value |',
    '| --- | --- |',
    `| Characters | ${[...asked].length} |`,
    `| Words | ${asked ? asked.split(' ').length : 0} |`,
    `| Estimated tokens | ${countTokens(asked)} |`,
    '',
    '### A code block',
    '',
    '```ts',
    `const question = ${JSON.stringify(topic.slice(0, 60))};`,
    'console.log(`Asked: ${question}`);',
    '```',
    '',
    '### A formula',
    '',
    'Tokens are estimated as $t \\approx \\lceil c / 4 \\rceil$ for $c$ Latin characters, and',
    '',
    '$$\\text{cost} = \\left\\lceil \\frac{t_{in} \\cdot p_{in} + t_{out} \\cdot p_{out}}{1000} \\right\\rceil$$',
  ].join('\n');
}

/** Pieces of about three words, so the screen shows a real stream. */
function pieces(text: string): string[] {
  const parts = text.match(/\S*\s*/g)?.filter(Boolean) ?? [];
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += 3) out.push(parts.slice(i, i + 3).join(''));
  return out;
}

export function demoAdapter(options: { delayMs?: number } = {}): ChatAdapter {
  const delayMs = options.delayMs ?? 15;
  return {
    async *stream(request: ChatRequest): AsyncIterable<ChatChunk> {
      const reply = demoReply(request.messages, request.persona);
      let produced = '';
      for (const piece of pieces(reply)) {
        if (request.signal.aborted) return;
        if (countTokens(produced + piece) > request.maxTokens) break;
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
        if (request.signal.aborted) return;
        produced += piece;
        yield { delta: piece };
      }
      yield {
        usage: {
          promptTokens: countMessageTokens(request.messages),
          completionTokens: countTokens(produced),
        },
      };
    },
  };
}
