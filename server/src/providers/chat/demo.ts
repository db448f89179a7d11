import { countMessageTokens, countTokens } from './tokens.js';

/** The first words of the files' message (chat module's file-context.ts writes it). */
const FILES_MARKER = '[atelier:files]';
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

type Language = NonNullable<ChatRequest['language']>;

/** The demo's fixed texts in each interface language. */
interface DemoTexts {
  persona: (name: string) => string;
  topic: string;
  outline: (topic: string) => string[];
  firstIdea: string;
  secondIdea: string;
  outlineEnd: string[];
  title: string;
  asked: (topic: string) => string;
  about: string;
  noticed: string;
  word: (word: string, tokens: number) => string;
  empty: string;
  turn: (n: number) => string;
  image: string;
  numbers: string;
  table: [string, string, string, string];
  keyParts: string;
  code: string;
  codeLine: string;
  formula: string;
  formulaText: string;
  files: string;
  file: (name: string, used: string, first: string) => string;
  noFileText: (name: string) => string;
  picture: string;
}

const demoTexts: Record<Language, DemoTexts> = {
  'en-US': {
    persona: (name) => `Persona in use: **${name}**`,
    topic: 'your topic',
    keyParts: '## Key parts',
    outline: (topic) => ['## What it is', `- A short definition of ${topic}`, '- Why it matters'],
    firstIdea: '- First idea',
    secondIdea: '- Second idea',
    outlineEnd: [
      '## Next steps',
      '- Read one good introduction',
      '- Try a small example',
      '- (Offline demo outline: connect a real model for a real one)',
    ],
    title: '## Offline demo reply',
    asked: (topic) => `You asked: **${topic}**`,
    about:
      'This is the **offline demo**: no AI model is connected to this site yet, so this is a ' +
      'sample reply rather than a real answer. Real answers appear once the site adds a model.',
    noticed: '### What I noticed',
    word: (w, n) => `- the word *${w}* (${n} token${n > 1 ? 's' : ''})`,
    empty: '- an empty question',
    turn: (n) => `- this is message ${n} of the conversation I was sent`,
    image: '- an image was attached (a vision model would look at it)',
    numbers: '### Your message in numbers',
    table: ['| Measure | Value |', 'Characters', 'Words', 'Estimated tokens'],
    code: '### A code block',
    codeLine: 'Asked',
    formula: '### A formula',
    formulaText:
      'Tokens are estimated as $t \\approx \\lceil c / 4 \\rceil$ for $c$ Latin characters, and',
    files: '### Files I was given',
    file: (name, used, first) => `- **${name}** (${used}), it begins: “${first}”`,
    noFileText: (name) => `- **${name}**: no text could be read (a scanned document?)`,
    picture: 'Here is a sample picture (the offline demo draws the same one every time):',
  },
  'zh-CN': {
    persona: (name) => `正在使用的角色：**${name}**`,
    topic: '你的主题',
    keyParts: '## 关键部分',
    outline: (topic) => ['## 是什么', `- ${topic}的简短定义`, '- 为什么重要'],
    firstIdea: '- 第一个要点',
    secondIdea: '- 第二个要点',
    outlineEnd: [
      '## 下一步',
      '- 读一篇好的入门介绍',
      '- 动手试一个小例子',
      '- （离线演示大纲：接入真实模型即可得到真正的大纲）',
    ],
    title: '## 离线演示回复',
    asked: (topic) => `你的问题：**${topic}**`,
    about:
      '这是**离线演示**：本站还没有接入 AI 模型，所以这是一条示例回复，而不是真正的回答。' +
      '本站接入模型后即可得到真正的回答。',
    noticed: '### 我注意到',
    word: (w, n) => `- 词语 *${w}*（${n} 个 token）`,
    empty: '- 一个空的问题',
    turn: (n) => `- 这是对话中发给我的第 ${n} 条消息`,
    image: '- 附带了一张图片（识图模型会查看它）',
    numbers: '### 你的消息的数据',
    table: ['| 指标 | 数值 |', '字符数', '词数', '估算 token 数'],
    code: '### 代码块示例',
    codeLine: '问题',
    formula: '### 公式示例',
    formulaText: 'token 数按 $t \\approx \\lceil c / 4 \\rceil$ 估算（$c$ 为拉丁字符数），而',
    files: '### 我收到的文件',
    file: (name, used, first) => `- **${name}**（${used}），开头是：“${first}”`,
    noFileText: (name) => `- **${name}**：读不到文字（可能是扫描件？）`,
    picture: '这是一张示例图片（离线演示每次都画同一张）：',
  },
  'zh-TW': {
    persona: (name) => `正在使用的角色：**${name}**`,
    topic: '你的主題',
    keyParts: '## 關鍵部分',
    outline: (topic) => ['## 是什麼', `- ${topic}的簡短定義`, '- 為什麼重要'],
    firstIdea: '- 第一個要點',
    secondIdea: '- 第二個要點',
    outlineEnd: [
      '## 下一步',
      '- 讀一篇好的入門介紹',
      '- 動手試一個小例子',
      '- （離線示範大綱：接入真實模型即可得到真正的大綱）',
    ],
    title: '## 離線示範回覆',
    asked: (topic) => `你的問題：**${topic}**`,
    about:
      '這是**離線示範**：本站尚未接入 AI 模型，所以這是一則示例回覆，而不是真正的回答。' +
      '本站接入模型後即可得到真正的回答。',
    noticed: '### 我注意到',
    word: (w, n) => `- 詞語 *${w}*（${n} 個 token）`,
    empty: '- 一個空的問題',
    turn: (n) => `- 這是對話中傳給我的第 ${n} 則訊息`,
    image: '- 附帶了一張圖片（識圖模型會查看它）',
    numbers: '### 你的訊息的數據',
    table: ['| 指標 | 數值 |', '字元數', '詞數', '估算 token 數'],
    code: '### 程式碼區塊示例',
    codeLine: '問題',
    formula: '### 公式示例',
    formulaText: 'token 數按 $t \\approx \\lceil c / 4 \\rceil$ 估算（$c$ 為拉丁字元數），而',
    files: '### 我收到的檔案',
    file: (name, used, first) => `- **${name}**（${used}），開頭是：「${first}」`,
    noFileText: (name) => `- **${name}**：讀不到文字（可能是掃描件？）`,
    picture: '這是一張示例圖片（離線演示每次都畫同一張）：',
  },
};

/** Which app's prompt the server sent, so a user (and a test) sees the app is in use. */
function personaLines(tx: DemoTexts, persona: string, messages: ChatMessage[]): string[] {
  const system = messages.find((m) => m.role === 'system')?.content;
  const text = typeof system === 'string' ? system.replace(/\s+/g, ' ').trim() : '';
  const head = [...text].slice(0, 80).join('');
  return [
    tx.persona(persona),
    '',
    ...(head ? [`> ${head}${[...text].length > 80 ? '…' : ''}`, ''] : []),
  ];
}

/** A mind-map outline of the question in `language` (the demo's answer to chat-mind). */
function demoOutline(tx: DemoTexts, topic: string, keys: string[]): string {
  return [
    `# ${topic}`,
    '',
    ...tx.outline(topic),
    tx.keyParts,
    ...(keys.length ? keys.map((k) => `- ${k}`) : [tx.firstIdea, tx.secondIdea]),
    ...tx.outlineEnd,
  ].join('\n');
}

/** The demo's answer: what it is, then a heading, a list, a table, code and a formula. */
export function demoReply(
  messages: ChatMessage[],
  persona?: string,
  language: Language = 'zh-CN',
): string {
  const tx = demoTexts[language];
  const asked = lastUserText(messages).replace(/\s+/g, ' ').slice(0, 200);
  const isOutline = messages.some(
    (m) =>
      m.role === 'system' && typeof m.content === 'string' && m.content.includes(OUTLINE_MARKER),
  );
  const topic = asked || tx.topic;
  const keys = words(asked);
  if (isOutline) return demoOutline(tx, topic, keys);
  const turns = messages.filter((m) => m.role === 'user').length;
  const [head, chars, wordCount, tokens] = tx.table;
  return [
    tx.title,
    '',
    ...(persona ? personaLines(tx, persona, messages) : []),
    tx.asked(topic),
    '',
    tx.about,
    '',
    tx.noticed,
    ...(keys.length ? keys.map((k) => tx.word(k, countTokens(k))) : [tx.empty]),
    tx.turn(turns),
    ...(hasImage(messages) ? [tx.image] : []),
    ...fileLines(tx, messages),
    '',
    tx.numbers,
    '',
    head,
    '| --- | --- |',
    `| ${chars} | ${[...asked].length} |`,
    `| ${wordCount} | ${asked ? asked.split(' ').length : 0} |`,
    `| ${tokens} | ${countTokens(asked)} |`,
    '',
    tx.code,
    '',
    '```ts',
    `const question = ${JSON.stringify(topic.slice(0, 60))};`,
    `console.log(\`${tx.codeLine}: \${question}\`);`,
    '```',
    '',
    tx.formula,
    '',
    tx.formulaText,
    '',
    '$$\\text{cost} = \\left\\lceil \\frac{t_{in} \\cdot p_{in} + t_{out} \\cdot p_{out}}{1000} \\right\\rceil$$',
  ].join('\n');
}

/** The files sent (`<file name=… used=…>` blocks of the files' message) and how each begins. */
function fileLines(tx: DemoTexts, messages: ChatMessage[]): string[] {
  const sent = messages.find(
    (m) => m.role === 'user' && typeof m.content === 'string' && m.content.startsWith(FILES_MARKER),
  );
  if (!sent || typeof sent.content !== 'string') return [];
  const lines = [
    ...sent.content.matchAll(/<file name="([^"]*)"[^>]*used="(\w+)">\n([\s\S]*?)\n<\/file>/g),
  ].map(([, name, used, body]) => {
    const first = (body ?? '')
      .split('\n')
      .find((l) => l.trim() && !/^\[(page|sheet|slide) /.test(l));
    const shown = (name ?? '').replace(/&#(\d+);/g, (_, n: string) =>
      String.fromCharCode(Number(n)),
    );
    return used === 'none' || !first
      ? tx.noFileText(shown)
      : tx.file(shown, used!, first.trim().slice(0, 120));
  });
  return lines.length ? ['', tx.files, ...lines] : [];
}

/** The demo's picture: a small landscape, sent as a data part as drawing models send theirs. */
export const DEMO_PICTURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAMAAACdt4HsAAACglBMVEUrLUKcesmbesqaecugfMWffMaee8j/99aifsOhfcSZeMyYeM2jfsKXd8+WdtCVdtGUddKTdNOSdNSRc9aQcteOctiNcdmMcNqLcNuKb92kf8HAkKKJbt7BkaGIbt+lgL+/j6Sngb2mgL6HbeC9jqa+j6WziLCxh7OuhbayiLKogry2iq2pgruGbOG7jai8jae0ia+whrSvhrW1ia6shLiqg7qFbOK4i6u6jKmthLe3i6yEa+TCkaCDauXDkp+BaubEk57GlJvFk52AaefIlZrJlZl/aOjKlpjLl5d+aOnNmJTMl5Z9Z+vOmZPPmZJ8ZuzQmpHRm5B7Zu3TnI3Sm496Ze7WnYvVnYx5ZO/XnorYn4l4ZPDZn4h3Y/JyYPfaoIbboYV2YvP88tXdooPcoYR1YvTeo4Lfo4Hmp3pzYfX78dPgpH/hpX7y5dIsLUP05s8vL0PkpnzjpX1rWHT68NVpV3dwX/lvXvvjzMSYdrTr284tLkXEorreyspkU3wwMEeQcK3t3Mw0M0pvWnCAZpzDo786N1G7lrnKp7e/mbWifb8yMkRZTHJHQF/Jn6mjfsFPRWZiU3vcyc2ykcTv3crp2tA6N0zYn4W9oMVoVWhMQ1fQqrHlzcO+j5+geouFaXroqXfnqHjqqnXPqa6ffL3579NmVXqvhIFjUmG6nMaKbqZlVXs/O1eHaWl4YpQ6N0lsWYeJbafDkp1AO0xUSFluWXK+jY6ifHk/O1a1iYfEkpiZdnJtWoZLQlPBkJR4YZV2X3KaeLk8OEdtWWpCPElPRU+gfbx2X2HUnH9qVlnQmXqxh5jHk3Sbebiyh5dZS1ORcF2xhWmmfWPAj2/dyczr2806p33aAAAACXBIWXMAAAsTAAALEwEAmpwYAAAChklEQVRYhe3U5VcUURgG8Mcc0LVbDOzu7m6xO1DXWmN3wWUFkVARATExEARd1LW7u7vj+P94Zmd3bsx8eDnXjzwf7zm/d+beee4gOXlrfPyGtauWL100f87M6VMmjhs1YtjAHu1atWjWtEnjRg0b1K9Xt07tWjVrVKlcqXq1qtFRjuat27bp2n1A/yGd+/bp1AWKviMUfW8o+n5Q9N2g6IdC0Q+Coh8MRd8Tir4XFH17UP2JArfT6U7PlnwH0PyRY1o4qTmCjwXJX0qKeE1LSuN9DEjP57ymBfM43xKU/Zvvb2Qn54eDcn6i17Rc5keC8P0K5AEpzI8G4fu75QFe5seC0B/hCPU4mR8DQv8sAzYyPx6E/lq3wPwEEPqfLg8oYX4SCPcnWx5wkvnJoNy/VNEf5fw0UO5vTpD3wQOcnwrS/U/jJgTP8j4OtP9H3l/z/YXnx80A9f+Tm+J1Or0l/PnpfhbK9f/ivn/Yz4aNv5lB9/Ng9S88yCD7ubD43dsBXKH6hZD9rUzoOU/0CyD5HbtCHvDT/GKIftuesAf8JL8Egn911fSAX/KlRW9uW/wy8P7cfs4DPsF/LwYuPpb9CnB+7yHBAz7Onzqur9x9LvmVYP7gPskDPtOfTjBWnt0X/Rqw/h62eOCe4UuLzJU7jwS/GqZ/auOBLN1/KeZWblzg/TpE/HWP7QBkxcYY2zeT/4Dz6xH2oQLb5mVk+2YSnjC/CYa/bBSYGM81029GyJsFpuZDYdhvge65AlPzqdDwiYiOcnx7WG4P/PgY8i5EOd6LBabm3Wfdu+CwFJiat18TXa4y2BSYmtd/XGUB2BWYmvxfgYAC1yv1+4zaAOCn6oCKVOT/5B8Oqc7ZBLntlwAAAABJRU5ErkJggg==';

/** Whether the question asks for a picture (the demo then answers with one). */
const wantsPicture = (text: string) => /\b(draw|paint|sketch)\b|画|畫/i.test(text);

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
      if (request.once) {
        // The demo cannot write a search query: it answers the last "User:" line of the
        // conversation it was given, the user's own words.
        const said = lastUserText(request.messages).split('\n');
        const line =
          said
            .filter((l) => l.startsWith('User: '))
            .at(-1)
            ?.slice(6) ?? said.at(-1);
        yield { delta: line ?? '' };
        return;
      }
      const reply = demoReply(request.messages, request.persona, request.language);
      let produced = '';
      for (const piece of pieces(reply)) {
        if (request.signal.aborted) return;
        if (countTokens(produced + piece) > request.maxTokens) break;
        if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
        if (request.signal.aborted) return;
        produced += piece;
        yield { delta: piece };
      }
      if (!request.signal.aborted && wantsPicture(lastUserText(request.messages))) {
        const line = `\n\n${demoTexts[request.language ?? 'zh-CN'].picture}`;
        produced += line;
        yield { delta: line };
        yield { image: DEMO_PICTURE };
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
