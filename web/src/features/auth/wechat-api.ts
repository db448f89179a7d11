import { apiData } from '../../api/client';

/** The contracts load with the first call, as in auth-api.ts (this feature is in the first page). */
const contracts = () => import('@atelier/contracts');

/** A QR code of the site's official account that signs in whoever scans it. */
export const startWechatSignIn = async () => apiData((await contracts()).wechat.startSignIn);

/** A QR code that links the WeChat account scanning it to the signed-in account. */
export const startWechatLink = async () => apiData((await contracts()).wechat.startLink);

/** Whether the QR code was scanned (a sign-in answers the session once). */
export const pollWechat = async (key: string, invitedBy?: string) =>
  apiData((await contracts()).wechat.poll, {
    body: { key, ...(invitedBy ? { invitedBy } : {}) },
  });
