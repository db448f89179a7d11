import { storageKeys } from './storage-keys';

/** Query parameters kept from the landing URL (ad attribution and the inviter's code). */
const kept: Array<[param: string, key: string]> = [
  ['kw_enc_utf8', storageKeys.kwEncUtf8],
  ['bd_vid', storageKeys.bdVid],
  ['source', storageKeys.source],
  ['keywordid', storageKeys.keywordId],
  ['Invitecode', storageKeys.invitedBy],
];

/** Stores the attribution parameters of the current URL; `bd_vid_cun` keeps the first bd_vid. */
export const captureAttribution = (search = window.location.search): void => {
  const params = new URLSearchParams(search);
  for (const [param, key] of kept) {
    const value = params.get(param) ?? params.get(param.toLowerCase());
    if (value) localStorage.setItem(key, value.slice(0, 200));
  }
  const bdVid = params.get('bd_vid');
  if (bdVid && !localStorage.getItem(storageKeys.bdVidCun)) {
    localStorage.setItem(storageKeys.bdVidCun, bdVid.slice(0, 200));
  }
};

/** What guest registration reports about where the visitor came from. */
export const attribution = () => ({
  keyword: localStorage.getItem(storageKeys.kwEncUtf8) ?? undefined,
  bd_vid: localStorage.getItem(storageKeys.bdVid) ?? undefined,
  source: localStorage.getItem(storageKeys.source) ?? undefined,
});

export const invitedBy = (): string | undefined =>
  localStorage.getItem(storageKeys.invitedBy) ?? undefined;
