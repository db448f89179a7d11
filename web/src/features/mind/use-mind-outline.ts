import { useState } from 'react';
import { extractOutline } from './outline';

/**
 * The outline behind the map: the streamed answer's markdown until the user edits it, then the
 * text exactly as typed. The box never shows a normalised copy of what was typed (a trimmed
 * value would eat a space or a new line typed at the end before the next key arrives).
 */
export function useMindOutline(answer: string, version: number) {
  // An edit belongs to the answer's version it was made on: a new (or growing, or restored)
  // answer replaces it.
  const [edited, setEdited] = useState<{ version: number; text: string } | null>(null);
  const kept = edited !== null && edited.version === version ? edited.text : null;
  const fromAnswer = extractOutline(answer);
  return {
    outline: kept ?? fromAnswer,
    /** Whether there is an outline to show, also once the user has emptied the box. */
    shown: kept !== null || fromAnswer !== '',
    edit: (text: string) => setEdited({ version, text }),
  };
}
