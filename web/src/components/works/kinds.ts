/** Task kinds a filter offers (others still show under "all"). */
export const KNOWN_KINDS = [
  'mj',
  'chat-draw',
  'image',
  'sd',
  'video',
  'music',
  'separation',
  'tool',
];
