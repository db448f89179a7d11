/**
 * Puts text on the clipboard. The Clipboard API exists only in secure contexts (HTTPS or
 * localhost); a site served over plain HTTP falls back to a selected textarea and `copy`.
 */
export async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0;pointer-events:none';
  document.body.appendChild(area);
  area.select();
  // execCommand is deprecated but is the only copy path outside secure contexts.
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy command refused');
}
