/**
 * What Runway's `POST /v1/image_to_video` refuses, for the fake video upstream. Source:
 * runwayml/sdk-node `src/resources/image-to-video.ts` (`ImageToVideoCreateParams`): `model`
 * gen4_turbo | gen3a_turbo | veo3; `ratio` per model (gen4_turbo 1280:720, 720:1280, 1104:832,
 * 832:1104, 960:960, 1584:672; gen3a_turbo 1280:768, 768:1280; veo3 1280:720, 720:1280);
 * `duration` 5 or 10 (veo3: 8); `promptImage` a URL or data URI, or `[{uri, position}]` where
 * position `last` is supported for gen3a_turbo only. Data URIs over 5 MB are refused (Runway's
 * docs on image inputs). Errors answer 400 `{error}`.
 */
export interface RunwayBody {
  model?: string;
  promptImage?: string | Array<{ uri: string; position: string }>;
  ratio?: string;
  duration?: number;
  promptText?: string;
}

const RATIOS: Record<string, string[]> = {
  gen4_turbo: ['1280:720', '720:1280', '1104:832', '832:1104', '960:960', '1584:672'],
  gen3a_turbo: ['1280:768', '768:1280'],
  veo3: ['1280:720', '720:1280'],
};
const DURATIONS: Record<string, number[]> = {
  gen4_turbo: [5, 10],
  gen3a_turbo: [5, 10],
  veo3: [8],
};
export const RUNWAY_DATA_URI_LIMIT = 5 * 1024 * 1024;

export function runwayRefusal(b: RunwayBody): string | null {
  const model = b.model ?? '';
  if (!RATIOS[model]) return `model: must be one of gen4_turbo, gen3a_turbo, veo3`;
  if (!b.promptImage) return 'promptImage: Required';
  if (!b.ratio || !RATIOS[model].includes(b.ratio))
    return `ratio: ${b.ratio} is not supported for ${model}`;
  if (!DURATIONS[model]!.includes(b.duration ?? 0))
    return `duration: must be ${DURATIONS[model]!.join(' or ')} for ${model}`;
  const images = Array.isArray(b.promptImage)
    ? b.promptImage
    : [{ uri: b.promptImage, position: 'first' }];
  for (const image of images) {
    if (image.position === 'last' && model !== 'gen3a_turbo')
      return `promptImage: position "last" is only supported for gen3a_turbo`;
    if (image.uri.startsWith('data:') && image.uri.length > RUNWAY_DATA_URI_LIMIT)
      return 'promptImage: data URIs must be at most 5 MB';
  }
  return null;
}
