import { queryClient } from '../api/query-client';
import { browser } from '../lib/browser';
import { i18n } from '../i18n';
import { siteStartLanguage } from '../lib/languages';
import { setCookie } from '../lib/cookies';
import { cookieNames, initStorageDefaults } from '../lib/storage-keys';
import { useAppSetting } from '../stores/app-setting';
import { useAuthStore } from '../stores/auth';
import { useDialogs } from '../stores/dialogs';
import { finishOidcReturn, takeOidcReturn } from '../features/auth/oidc-return';
import { takeResetToken, useResetToken } from '../features/auth/reset-link';
import { siteTextKeys } from '../features/site-dialogs/sites-api';
import { adJumpTarget } from './guards';
import { startIdentity, unregisterServiceWorkers } from './identity';

export { guestRegistered } from './identity';
import { injectAnalytics } from './site-head';
import { loadSite, loadStart } from './site-sync';

/** Where the app was opened (the client home path applies only to a start at `/`). */
const startPath = window.location.pathname;

const warn = (what: string) => (error: unknown) => console.warn(what, error);

/**
 * Start-up, loaded outside the initial bundle with the contracts: service workers removed,
 * identity, site, menu, notices and the ad-jump redirect. Resolves when the site is known (and,
 * for a signed-in visitor, who they are).
 */
export async function start(navigate: (path: string) => void): Promise<void> {
  initStorageDefaults((value) => setCookie(cookieNames.theme, value));
  const signedIn = !!useAuthStore.getState().token;
  void unregisterServiceWorkers().catch(warn('service workers'));
  const identity = startIdentity().catch(warn('identity'));
  // A mailed password-reset link: the login dialog sets the new password.
  if (takeResetToken() || useResetToken.getState().token)
    void identity.then(() => useDialogs.getState().open('login'));
  window.addEventListener('hashchange', () => {
    if (takeResetToken()) useDialogs.getState().open('login');
    if (takeOidcReturn()) void finishOidcReturn();
  });
  // Back from an OpenID Connect provider: the ticket signs in (or links) once we know who we are.
  takeOidcReturn();
  void identity.then(() => finishOidcReturn());
  // Site, menu, ad jumps and notices in one answer (`/config/start`).
  const startConfig = loadStart();
  const site = startConfig
    .then(({ config: front, notices }) => {
      // Before the start-up spinner goes: a first visit opens in the site's language.
      useAppSetting
        .getState()
        .applySiteLanguage(siteStartLanguage(front.site.language, navigator.languages));
      injectAnalytics(front.global.baiduCode);
      // The spinner stays until that language's texts are there (only they are fetched).
      const texts = i18n.changeLanguage(useAppSetting.getState().language);
      if (startPath === '/' && front.global.clientHomePath) navigate(front.global.clientHomePath);
      // The notice dialog reads them from the query cache instead of asking again.
      queryClient.setQueryData(siteTextKeys.notices, notices);
      openStartDialogs(front.site.advertisement.enabled);
      return texts;
    })
    .catch(warn('site config'));
  void Promise.all([identity, startConfig])
    .then(([, { jumps }]) => {
      const target = adJumpTarget({
        rows: jumps.rows,
        location: window.location,
        vipUntil: useAuthStore.getState().userBalance?.hh_vip_time,
        now: Date.now(),
      });
      if (target) browser.assign(target);
    })
    .catch(warn('ad jump'));
  // A signed-in visitor's header changes once we know who they are: the spinner waits for it.
  // A guest's does not (its calls wait for the registration in the API client instead).
  await Promise.all([signedIn ? identity : null, site]);
}

/**
 * The site's notices, then its advertisement, once per start. Each dialog closes itself
 * unseen when there is nothing to show or the user hid it for today.
 */
function openStartDialogs(hasAdvertisement: boolean): void {
  const dialogs = useDialogs.getState();
  dialogs.open('notice');
  if (hasAdvertisement) dialogs.open('advertisement');
}

/** The 60-second refresh of the site configuration. */
export const refreshSite = (): Promise<unknown> => loadSite().catch(warn('site config'));
