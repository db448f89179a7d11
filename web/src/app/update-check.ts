import { storageKeys } from '../lib/storage-keys';
import { useDialogs } from '../stores/dialogs';

/** `/version.json`, written by the build (vite.config.ts). */
export interface VersionFile {
  version: string;
  date: string;
  content1: string;
  content2: string;
  versionnew: string;
  versionold: string;
}

/** The version this bundle was built as (defined by vite.config.ts). */
export const BUILT_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0';

const parts = (v: string) =>
  v
    .split(/[^0-9]+/)
    .filter(Boolean)
    .map(Number);

/** Whether `remote` is newer than `current`: numeric parts compared in order. */
export const isNewer = (remote: string, current: string): boolean => {
  const a = parts(remote);
  const b = parts(current);
  if (a.length === 0 || b.length === 0) return remote !== current && remote !== '';
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return false;
};

/** The version the user runs: the newer of the built one and the one last updated to. */
export const currentVersion = (): string => {
  const stored = localStorage.getItem(storageKeys.version);
  return stored && isNewer(stored, BUILT_VERSION) ? stored : BUILT_VERSION;
};

/**
 * Fetches the version file (a timestamp defeats caches) and opens the update dialog when it is
 * newer and no prompt is showing. A failed check is logged only.
 */
export async function checkForUpdate(): Promise<void> {
  try {
    const res = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) throw new Error(`version.json answered ${res.status}`);
    const file = (await res.json()) as Partial<VersionFile>;
    if (typeof file.version !== 'string' || !isNewer(file.version, currentVersion())) return;
    const dialogs = useDialogs.getState();
    if (dialogs.flags.update) return;
    dialogs.open('update', {
      version: file.version,
      versionold: file.versionold || currentVersion(),
      versionnew: file.versionnew || file.version,
      date: file.date ?? '',
      content1: file.content1 ?? '',
      content2: file.content2 ?? '',
    });
  } catch (error) {
    console.warn('update check failed', error);
  }
}

/** The positive answer: remember the version and reload into it. */
export function acceptUpdate(version: string, reload: () => void): void {
  localStorage.setItem(storageKeys.version, version);
  reload();
}
