import { separatorAdapters } from '../../providers/audio/index.js';
import { defineKind } from '../kind-kit/index.js';
import { separationData, separationParams } from './params.js';
import { demoAdapter, upstreamAdapter } from './runner.js';
import { toSeparationTask } from './view.js';

export const DEMO_SEPARATION_MODEL = 'Offline demo · Separation';

/**
 * The `separation` kind: its params and data, its view, and its adapters by protocol (every
 * separation upstream of `providers/audio/index.ts`, and the offline demo).
 */
export const separationKind = defineKind({
  kind: 'separation',
  modelKind: 'separation',
  label: 'Separation',
  noun: { 'en-US': 'separation', 'zh-CN': '分离', 'zh-TW': '分離' },
  params: separationParams,
  data: separationData,
  protocols: {
    ...Object.fromEntries(
      Object.entries(separatorAdapters).map(([protocol, a]) => [protocol, upstreamAdapter(a)]),
    ),
    demo: demoAdapter,
  },
  view: toSeparationTask,
  // Room for a Cloud Run separation's whole wait (1,800 s) after some time in line.
  timeoutMs: 40 * 60_000,
  demo: {
    name: DEMO_SEPARATION_MODEL,
    upstreamModel: 'demo-separation',
    priceKey: 'demo-separation:separate',
    prices: [
      {
        model: 'demo-separation',
        action: 'separate',
        category: 'separation',
        label: 'Offline demo: vocal separation',
        credits: 5,
        sort: 180,
      },
    ],
  },
});
