import { sites } from '@atelier/contracts';
import { apiData } from '../api/client';
import { useAuthStore } from '../stores/auth';
import { useShared } from '../stores/shared';

/** Loads this domain's site, the global config and the about entry into the auth store. */
export async function loadSite(): Promise<sites.FrontConfig> {
  const [front, about] = await Promise.all([
    apiData(sites.clientConfig),
    apiData(sites.hostAbout).catch(() => null),
  ]);
  const store = useAuthStore.getState();
  store.setSite(front.site);
  store.setGlobalConfig(front.global);
  useAuthStore.setState({ creditSources: front.credits });
  if (about) store.setAboutList(about.rows);
  return front;
}

/** Loads the side menu entries (`queryMenu`), once at start. */
export async function loadMenu(): Promise<void> {
  const menu = await apiData(sites.listMenu, { query: { page: 1, size: 1000, status: 1 } });
  useShared.getState().set({ menuList: [...menu.rows].sort((a, b) => a.sort - b.sort) });
}
