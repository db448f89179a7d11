import { i18n } from '../../i18n';
import { downloadBlob } from '../../lib/download';
import { notify } from '../../lib/notify';
import { texts } from '../../lib/texts';
import { pageFileNames } from './export/page-plan';

export interface ExportChatMessage {
  /** `user` shows as the user's bubble; anything else as a markdown answer. */
  role: string;
  content: string;
}

export interface ExportChatOptions {
  /** Shown at the top of the image (the chat group's title). */
  title: string;
  /** Without `.png`; long chats become `name-1.png`, `name-2.png`… */
  fileName: string;
  /** Shown at the bottom of the image. */
  siteName?: string;
}

/** Pause between several downloads: browsers drop clicks that come in the same instant. */
const BETWEEN_DOWNLOADS_MS = 150;

/**
 * Exports the WHOLE conversation (not just what a virtual list shows) as PNG: rendered
 * off-screen with the chat's markdown at 2× and downloaded, split into several files when
 * taller than a canvas can be. Shows "Export Success" or "Export Failed" itself and never
 * rejects, so the caller only awaits it (e.g. to stop a spinner). The renderer and
 * html-to-image load on the first export.
 */
export async function exportChatPng(
  messages: readonly ExportChatMessage[],
  options: ExportChatOptions,
): Promise<void> {
  try {
    const { renderChatImages } = await import('./export/render-images');
    const blobs = await renderChatImages({
      messages,
      title: options.title,
      siteName: options.siteName,
      date: new Date().toLocaleString(i18n.language),
    });
    const names = pageFileNames(options.fileName, blobs.length);
    for (const [index, blob] of blobs.entries()) {
      if (index > 0) await new Promise((resolve) => setTimeout(resolve, BETWEEN_DOWNLOADS_MS));
      downloadBlob(blob, names[index]!);
    }
    notify.success(i18n.t(texts.success.export));
  } catch (error) {
    console.error('chat export failed', error);
    notify.error(i18n.t(texts.errors.exportFailed));
  }
}
