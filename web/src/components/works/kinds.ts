/** Task kinds a filter offers (others still show under "all"). */
export const KNOWN_KINDS = [
  'mj',
  'chat-draw',
  'image',
  'sd3',
  'sd',
  'sd-tool',
  'video',
  'music',
  'separation',
];
