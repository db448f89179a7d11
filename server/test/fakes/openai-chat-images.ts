/**
 * Pictures in chat answers, as the real services send them through an OpenAI-compatible
 * `POST /v1/chat/completions` stream (docs/chat.md, "Pictures in answers"):
 * - `fake-image`: OpenRouter's image models (`modalities: ["image","text"]`): the text streams
 *   as usual, then a delta carries `images: [{ type: "image_url", image_url: { url:
 *   "data:image/png;base64,…" } }]`
 *   (https://openrouter.ai/docs/features/multimodal/image-generation, "Streaming Image
 *   Generation" and the response format);
 * - `fake-image-inline`: a relay passing Gemini's parts through: the delta's `content` is a list
 *   whose picture part is Gemini's `inline_data: { mime_type, data }` (base64), as
 *   `generateContent` answers an image model (https://ai.google.dev/gemini-api/docs/image-generation);
 * - `fake-image-link`: relays that turn a drawn picture into a markdown image whose link
 *   expires (gpt-image or Gemini behind One API / New API forks): `![image](<url>)` in the text,
 *   served by this fake at `/v1/fake-images/picture.png`.
 * Anything else: null (the fake streams its usual reply).
 */
export function imageDeltasOf(
  model: string,
  base: string,
  png: string,
): Array<Record<string, unknown>> | null {
  const data = `data:image/png;base64,${png}`;
  if (model === 'fake-image')
    return [
      { content: 'Here is your picture.' },
      { content: '', images: [{ type: 'image_url', image_url: { url: data } }] },
    ];
  if (model === 'fake-image-inline')
    return [
      {
        content: [
          { type: 'text', text: 'Drawn by Gemini.' },
          { inline_data: { mime_type: 'image/png', data: png } },
        ],
      },
    ];
  if (model === 'fake-image-link')
    return [
      { content: 'A picture: ' },
      { content: `![image](${base}/v1/fake-images/picture.png?expires=3600)` },
    ];
  return null;
}
