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
  const start = await apiData(sites.getStartConfig);
  applySite(start.config, start.about.rows);
  useShared.getState().set({ menuList: [...start.menu.rows].sort((a, b) => a.sort - b.sort) });
  return start;
}
