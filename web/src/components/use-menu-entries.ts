import { useTranslation } from 'react-i18next';
import { isComingSoon, screens } from '../lib/screens';
import { useAppSetting } from '../stores/app-setting';
import { useAuthStore } from '../stores/auth';
import { useShared } from '../stores/shared';

export interface MenuItem {
  name: string;
  path: string;
  label: string;
  /** The screen is still to come: the menu tags it "Soon" and the phone tabs leave it out. */
  soon: boolean;
}

/** Screens whose menu entries the global config's `clientMenuList` may hide. */
const GATED = ['chat', 'draw', 'midjourney'];

/**
 * The side menu and launcher entries: the site's menu list (`queryMenu`) in its own titles,
 * or the built-in screen list until it has loaded; chat, draw and Midjourney are hidden when
 * the global config's `clientMenuList` is set and does not name them.
 */
export function useMenuEntries(): MenuItem[] {
  const { t } = useTranslation();
  const language = useAppSetting((s) => s.language);
  const menuList = useShared((s) => s.menuList);
  const allowed = useAuthStore((s) => s.globalConfig.clientMenuList);
  const known = new Map(screens.map((s) => [s.name.toLowerCase(), s]));
  const items: MenuItem[] =
    menuList.length > 0
      ? menuList.flatMap((entry) => {
          const screen = known.get(entry.name.toLowerCase());
          if (!screen) return [];
          const label = entry.title[language] || t(screen.labelKey);
          return [{ name: screen.name, path: screen.path, label, soon: isComingSoon(screen.name) }];
        })
      : screens
          .filter((s) => s.launcher)
          .map((s) => ({
            name: s.name,
            path: s.path,
            label: t(s.labelKey),
            soon: isComingSoon(s.name),
          }));
  if (allowed.length === 0) return items;
  const allowedNames = allowed.map((a) => a.toLowerCase());
  return items.filter(
    (i) => !GATED.includes(i.name.toLowerCase()) || allowedNames.includes(i.name.toLowerCase()),
  );
}
