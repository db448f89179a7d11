import type { AppContext } from '../../context.js';
import { seedPrices, type SeedPrice } from '../credits/index.js';
import { seedDemoModel } from '../providers/index.js';

/** The offline demo's voice models and their prices (docs/chat.md, "Voice"). */
const VOICE_PRICES: SeedPrice[] = [
  {
    model: 'demo-transcribe',
    action: 'transcribe',
    category: 'transcription',
    label: 'Offline demo speech-to-text',
    unit: 'call',
    credits: 1,
    sort: 0,
  },
  {
    model: 'demo-speech',
    action: 'speak',
    category: 'speech',
    label: 'Offline demo speech',
    unit: 'call',
    credits: 1,
    sort: 0,
  },
];

const VOICE_MODELS = [
  {
    name: 'Offline demo speech-to-text',
    upstreamModel: 'demo-transcribe',
    kind: 'transcription',
    priceKey: 'demo-transcribe:transcribe',
  },
  {
    name: 'Offline demo speech',
    upstreamModel: 'demo-speech',
    kind: 'speech',
    priceKey: 'demo-speech:speak',
  },
] as const;

/** Adds the demo's voice prices and models once; returns what it did, for the start-up notes. */
export async function seedVoice(ctx: AppContext): Promise<string[]> {
  const lines: string[] = [];
  const added = await seedPrices(ctx.db.kysely, VOICE_PRICES);
  if (added.length > 0) lines.push(`Chat: ${added.length} demo voice prices added`);
  for (const m of VOICE_MODELS)
    if (await seedDemoModel(ctx, { ...m })) lines.push(`Chat: the "${m.name}" model added`);
  return lines;
}
