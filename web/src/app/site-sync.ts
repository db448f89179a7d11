import { sites } from '@atelier/contracts';
import { apiData } from '../api/client';
import { useAuthStore } from '../stores/auth';
import { useShared } from '../stores/shared';

/** Puts this domain's site, the global config and the about entry into the auth store. */
function applySite(front: sites.FrontConfig, about: sites.AboutEntry[] | null): void {
  const store = useAuthStore.getState();
  store.setSite(front.site);
  store.setGlobalConfig(front.global);
  useAuthStore.setState({ creditSources: front.credits });
  if (about) store.setAboutList(about);
}

/** Loads this domain's site, the global config and the about entry (the 60-second refresh). */
export async function loadSite(): Promise<sites.FrontConfig> {
  const [front, about] = await Promise.all([
    apiData(sites.clientConfig),
    apiData(sites.hostAbout).catch(() => null),
  ]);
  applySite(front, about?.rows ?? null);
  return front;
}

/**
 * The start-up read (`/config/start`, one round trip instead of five): site, global config and
 * about entry into the auth store, the side menu into the shared store; the ad jumps and the
 * notices are returned for the start-up to use.
 */
export async function loadStart(): Promise<sites.StartConfig> {
  const start = (await takeEarlyStart()) ?? (await apiData(sites.getStartConfig));
  applySite(start.config, start.about.rows);
  useShared.getState().set({ menuList: [...start.menu.rows].sort((a, b) => a.sort - b.sort) });
  return start;
}

declare global {
  interface Window {
    /** `/config/start`, asked for by index.html's preload script before the app's entry ran. */
    __atelierStart?: Promise<Response>;
  }
}

/**
 * The start-up read the preload script already asked for (once; null when there is none or it
 * failed, and the start-up asks again through the API client).
 */
async function takeEarlyStart(): Promise<sites.StartConfig | null> {
  const early = window.__atelierStart;
  delete window.__atelierStart;
  if (!early) return null;
  try {
    const response = await early;
    if (!response.ok) return null;
    const answer = (await response.json()) as { success?: boolean; data?: sites.StartConfig };
    return answer.success && answer.data ? answer.data : null;
  } catch {
    return null;
  }
}
