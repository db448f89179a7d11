/**
 * The prompts a describe answered, one per line, without Midjourney's keycap numbers
 * (1️⃣ …), which many fonts cannot show.
 */
export function describedPrompts(description: string): string[] {
  return description
    .split(/\n+/)
    .map((line) => line.replace(/^\s*(?:\d\uFE0F?\u20E3|\d+[.)、])\s*/u, '').trim())
    .filter(Boolean);
}
