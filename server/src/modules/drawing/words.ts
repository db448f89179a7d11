import type { FastifyInstance } from 'fastify';
import { drawing as D } from '@atelier/contracts';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { chatAdapterFor } from '../../providers/chat/index.js';
import { modelsWithProvider, openProviderKey } from '../chat/index.js';
import { texts } from './messages.js';

/**
 * Translation and prompt suggestions through a chat model: the first enabled chat model of a
 * real provider, else the offline demo, which answers from a small built-in word list so that
 * a fresh install still does something sensible.
 */

/** zh-CN words of drawing prompts and their English (the demo's dictionary). */
const dictionary: Array<[string, string]> = [
  ['赛博朋克', 'cyberpunk'],
  ['日落', 'sunset'],
  ['日出', 'sunrise'],
  ['黄昏', 'dusk'],
  ['夜晚', 'night'],
  ['星空', 'starry sky'],
  ['月亮', 'moon'],
  ['太阳', 'sun'],
  ['大海', 'sea'],
  ['海边', 'seaside'],
  ['湖泊', 'lake'],
  ['河流', 'river'],
  ['山脉', 'mountains'],
  ['森林', 'forest'],
  ['城市', 'city'],
  ['街道', 'street'],
  ['建筑', 'building'],
  ['花园', 'garden'],
  ['樱花', 'cherry blossoms'],
  ['女孩', 'girl'],
  ['男孩', 'boy'],
  ['少女', 'young woman'],
  ['猫', 'cat'],
  ['狗', 'dog'],
  ['狐狸', 'fox'],
  ['龙', 'dragon'],
  ['机器人', 'robot'],
  ['宇航员', 'astronaut'],
  ['城堡', 'castle'],
  ['水彩', 'watercolor'],
  ['油画', 'oil painting'],
  ['插画', 'illustration'],
  ['动漫', 'anime'],
  ['写实', 'photorealistic'],
  ['电影感', 'cinematic'],
  ['高清', 'high detail'],
  ['细节', 'details'],
  ['光线', 'lighting'],
  ['柔和', 'soft'],
  ['梦幻', 'dreamy'],
  ['雨', 'rain'],
  ['雪', 'snow'],
  ['云', 'clouds'],
  ['花', 'flowers'],
  ['树', 'tree'],
  ['山', 'mountain'],
  ['海', 'sea'],
  ['湖', 'lake'],
  ['天空', 'sky'],
  ['红色', 'red'],
  ['橙色', 'orange'],
  ['黄色', 'yellow'],
  ['金色', 'golden'],
  ['绿色', 'green'],
  ['蓝色', 'blue'],
  ['紫色', 'purple'],
  ['粉色', 'pink'],
  ['白色', 'white'],
  ['黑色', 'black'],
  ['灰色', 'grey'],
  ['一只', 'a'],
  ['一个', 'a'],
  ['在', 'in'],
  ['和', 'and'],
  ['的', ' '],
];
/** Traditional forms that differ, mapped to the simplified entries above. */
const traditional: Record<string, string> = {
  賽: '赛',
  湖: '湖',
  動: '动',
  畫: '画',
  寫: '写',
  實: '实',
  電: '电',
  影: '影',
  夢: '梦',
  紅: '红',
  綠: '绿',
  藍: '蓝',
  黃: '黄',
  龍: '龙',
  機: '机',
  器: '器',
  樹: '树',
  櫻: '樱',
  雲: '云',
  細: '细',
  節: '节',
  線: '线',
  與: '与',
  個: '个',
  隻: '只',
  貓: '猫',
  狗: '狗',
  灣: '湾',
};

const hasCjk = (s: string) => /[\u3400-\u9fff]/.test(s);

export function demoToEnglish(text: string): string {
  let s = [...text].map((c) => traditional[c] ?? c).join('');
  const sorted = [...dictionary].sort((a, b) => b[0].length - a[0].length);
  for (const [zh, en] of sorted) s = s.split(zh).join(` ${en} `);
  return s
    .replace(/[，。、；]/g, ', ')
    .replace(/\s+/g, ' ')
    .replace(/\s+,/g, ',')
    .trim();
}

export function demoToChinese(text: string): string {
  const byEnglish = new Map(dictionary.filter(([, en]) => en.trim()).map(([zh, en]) => [en, zh]));
  const phrases = [...byEnglish.keys()].sort((a, b) => b.length - a.length);
  let s = ` ${text.toLowerCase()} `;
  for (const en of phrases)
    s = s.replace(new RegExp(`\\b${en.replace(/ /g, '\\s+')}\\b`, 'g'), byEnglish.get(en)!);
  return s
    .replace(/\b(a|an|the|of)\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const demoSuggestions = (idea: string, count: number): string[] => {
  const base = hasCjk(idea) ? demoToEnglish(idea) : idea.trim();
  const endings = [
    'cinematic lighting, ultra detailed, depth of field --ar 16:9',
    'soft watercolor illustration, pastel colors, dreamy atmosphere --ar 3:2',
    'golden hour, wide angle, photorealistic, high detail --ar 16:9 --style raw',
    'anime style, vivid colors, clean lines --niji 6 --ar 2:3',
    'oil painting, thick brush strokes, dramatic sky --ar 4:3',
    'minimalist poster, flat shapes, bold composition --ar 9:16',
  ];
  return endings.slice(0, count).map((e) => `${base}, ${e}`);
};

/** The chat model the words go through (null: the offline demo answers). */
async function wordModel(ctx: AppContext) {
  const row = await modelsWithProvider(ctx.db.kysely)
    .where('m.enabled', '=', 1)
    .where('p.enabled', '=', 1)
    .where('m.kind', '=', 'chat')
    .where('m.vip_only', '=', 0)
    .where('p.protocol', '=', 'openai')
    .orderBy('m.sort')
    .orderBy('m.id')
    .executeTakeFirst();
  if (!row) return null;
  return {
    model: row.upstream_model,
    timeoutMs: row.timeout_ms,
    provider: {
      protocol: 'openai' as const,
      baseUrl: row.base_url,
      apiKey: openProviderKey(ctx, row.api_key_sealed),
    },
  };
}

async function ask(
  m: NonNullable<Awaited<ReturnType<typeof wordModel>>>,
  system: string,
  user: string,
): Promise<string> {
  let out = '';
  const adapter = chatAdapterFor(m.provider);
  for await (const chunk of adapter.stream({
    model: m.model,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: user },
    ],
    maxTokens: 600,
    temperature: 0.3,
    signal: AbortSignal.timeout(Math.min(m.timeoutMs, 30_000)),
    timeoutMs: Math.min(m.timeoutMs, 30_000),
  }))
    if ('delta' in chunk) out += chunk.delta;
  return out.trim();
}

export function wordRoutes(app: FastifyInstance): void {
  const limit = { rateLimit: { max: 30, timeWindow: 60_000 } };
  const translate = async (text: string, to: 'en' | 'zh') => {
    const m = await wordModel(app.ctx);
    const from = hasCjk(text) ? 'zh' : 'en';
    if (!m)
      return {
        text: to === 'en' ? demoToEnglish(text) : demoToChinese(text),
        from,
        to,
        demo: true,
      };
    try {
      const system =
        to === 'en'
          ? 'Translate the user text into English for a Midjourney prompt. Keep every --flag as it is. Answer with the translation only.'
          : 'Translate the user text into simplified Chinese. Keep every --flag as it is. Answer with the translation only.';
      return { text: await ask(m, system, text), from, to, demo: false };
    } catch (error) {
      app.log.warn({ err: (error as Error).message }, 'translation failed');
      throw new AppError(502, texts.translateFailed);
    }
  };
  route(app, D.translate, async ({ query }) => translate(query.text, 'en'), limit);
  route(app, D.translateToZh, async ({ query }) => translate(query.text, 'zh'), limit);

  route(
    app,
    D.mjAssociate,
    async ({ body }) => {
      const m = await wordModel(app.ctx);
      if (!m) return { suggestions: demoSuggestions(body.prompt, body.count), demo: true };
      try {
        const answer = await ask(
          m,
          `You write Midjourney prompts. From the user's idea write ${body.count} richer English prompts (subject, setting, style, lighting, and fitting flags such as --ar). One per line, no numbering, nothing else.`,
          body.prompt,
        );
        const suggestions = answer
          .split('\n')
          .map((l) => l.replace(/^\s*(\d+[.)、]|[-*•])\s*/, '').trim())
          .filter(Boolean)
          .slice(0, body.count);
        return { suggestions, demo: false };
      } catch (error) {
        app.log.warn({ err: (error as Error).message }, 'prompt suggestions failed');
        throw new AppError(502, texts.translateFailed);
      }
    },
    limit,
  );
}
