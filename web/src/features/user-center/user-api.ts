import {
  chat,
  credits,
  files,
  identity,
  user,
  type BodyIn,
  type LoginDevice,
} from '@atelier/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiData } from '../../api/client';
import { creditsKey } from '../../stores/balance';

/*
 * The user centre's calls. Keys: the credit queries share the `creditsKey` root (the one
 * `balanceChanged` action invalidates them all); the own endpoints use the chat screen's key, so its model
 * picker follows an edit here.
 */
const keys = {
  checkin: [...creditsKey, 'checkin'] as const,
  log: (log: CreditLog, page: number, size: number) =>
    [...creditsKey, 'log', log, page, size] as const,
  devices: ['user', 'loginDevices'] as const,
  invites: (page: number) => [...creditsKey, 'invites', page] as const,
  storage: ['user', 'storage'] as const,
  ownModels: ['chat', 'own-models'] as const,
};

export type CreditLog = 'recharge' | 'usage';

/** This month's check-in days, the streak and the daily reward. */
export const useCheckinDays = () =>
  useQuery({ queryKey: keys.checkin, queryFn: () => apiData(credits.checkinCalendar) });

/**
 * Checks in for today. `onAnswer` sees the whole answer: `success` false (420) is "already
 * checked in today", a notice rather than an error. The credit queries are read again after.
 */
export const useCheckin = (onAnswer: (answer: Awaited<ReturnType<typeof checkin>>) => void) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: checkin,
    onSuccess: (answer) => {
      onAnswer(answer);
      void client.invalidateQueries({ queryKey: creditsKey });
    },
  });
};
const checkin = () => api(credits.checkin);

/** One page of the recharge or the usage log (read again after every balance change). */
export const useCreditLog = (log: CreditLog, page: number, size: number) =>
  useQuery({
    queryKey: keys.log(log, page, size),
    queryFn: () =>
      // "Credits received": everything that added credits (gifts, check-ins, invites, refunds
      // and purchases), not only purchases and codes.
      apiData(log === 'recharge' ? credits.incomeLog : credits.usageLog, {
        query: { page, size },
      }),
    placeholderData: keepPreviousData,
  });

/** The devices signed in to the account. */
export const useLoginDevices = () =>
  useQuery({ queryKey: keys.devices, queryFn: () => apiData(user.listDevices) });

/**
 * Signs a device out. `onRemoved` runs first with the device (the current one signs this
 * browser out); the list is read again unless it was this browser.
 */
export const useRemoveDevice = (onRemoved: (device: LoginDevice) => void) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (device: LoginDevice) =>
      apiData(user.signOutDevice, { body: { id: device.id } }).then(() => device),
    onSuccess: (device) => {
      onRemoved(device);
      if (!device.current) void client.invalidateQueries({ queryKey: keys.devices });
    },
  });
};

/** The user's own endpoints (BYOK). */
export const useOwnEndpoints = () =>
  useQuery({
    queryKey: keys.ownModels,
    queryFn: async () => (await apiData(chat.listOwnEndpoints)).rows,
  });

/** Reads the own endpoints again (after an add or a change). */
export const useRefreshOwnEndpoints = () => {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: keys.ownModels });
};

/** Deletes an own endpoint; `onDeleted` runs before the list is read again. */
export const useDeleteOwnEndpoint = (onDeleted: () => void) => {
  const refresh = useRefreshOwnEndpoints();
  return useMutation({
    mutationFn: (id: number) => apiData(chat.deleteOwnEndpoint, { body: { id } }),
    onSuccess: () => {
      onDeleted();
      refresh();
    },
  });
};

/** Adds an own endpoint, or changes one when `id` is given (an empty key keeps the stored one). */
export const saveOwnEndpoint = (body: BodyIn<typeof chat.saveOwnEndpoint>) =>
  apiData(chat.saveOwnEndpoint, { body });

/** Changes the password (every session of the account ends). */
export const changePassword = (body: BodyIn<typeof user.changePassword>) =>
  apiData(user.changePassword, { body });

/** Saves the changed profile fields and answers the whole user info. */
export const updateProfile = (changes: BodyIn<typeof user.updateProfile>) =>
  apiData(user.updateProfile, { body: changes });

/** My invite code and who signed up with it (rewards pending until they first buy, or spend more than their gifts). */
export const useInvites = (page: number) =>
  useQuery({
    queryKey: keys.invites(page),
    queryFn: () => apiData(credits.myInvites, { query: { page, size: 10 } }),
    placeholderData: keepPreviousData,
  });

/** How much of the operator's storage quota my files take. */
export const useStorageUsage = () =>
  useQuery({ queryKey: keys.storage, queryFn: () => apiData(files.storageUsage) });

const waysKey = ['user', 'ways'] as const;

/** The ways the account signs in with, and the ways the site offers. */
export const useWays = () =>
  useQuery({ queryKey: waysKey, queryFn: () => apiData(identity.listWays) });

/** Mails a code to the account's own address. */
export const useSendVerifyCode = (onSent: () => void) =>
  useMutation({ mutationFn: () => apiData(identity.sendVerifyCode), onSuccess: onSent });

/** Verifies the address with the mailed code; the list is read again. */
export const useVerifyEmail = (onVerified: () => void) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiData(identity.verifyEmail, { body: { code } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: waysKey });
      onVerified();
    },
  });
};

/** A mutation of the ways that reads the list (and the user info) again after it. */
const useWaysChange = <In, Out>(fn: (input: In) => Promise<Out>, onDone: () => void) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: waysKey });
      onDone();
    },
  });
};

/** Mails a code to an address to link (409 when another account has it). */
export const useSendLinkCode = (onSent: () => void) =>
  useMutation({
    mutationFn: (email: string) => apiData(identity.sendLinkCode, { body: { email } }),
    onSuccess: onSent,
  });

/** Links the address with the mailed code. */
export const useLinkEmail = (onLinked: () => void) =>
  useWaysChange(
    (body: { email: string; code: string }) => apiData(identity.linkEmail, { body }),
    onLinked,
  );

/** Texts a code to a number the account wants to link. */
export const useSendPhoneLinkCode = (onSent: () => void) =>
  useMutation({
    mutationFn: (phone: string) => apiData(identity.sendPhoneLinkCode, { body: { phone } }),
    onSuccess: onSent,
  });

/** Links the number with the texted code. */
export const useLinkPhone = (onLinked: () => void) =>
  useWaysChange(
    (body: { phone: string; code: string }) => apiData(identity.linkPhone, { body }),
    onLinked,
  );

/** Sets the first password of an account made by an email code. */
export const useSetPassword = (onSet: () => void) =>
  useWaysChange((password: string) => apiData(identity.setPassword, { body: { password } }), onSet);

/** Removes a way (the server refuses the last one). */
export const useUnlinkWay = (onRemoved: () => void) =>
  useWaysChange(
    (way: Pick<identity.LinkedWay, 'kind' | 'id'>) =>
      apiData(identity.unlinkWay, {
        body: { kind: way.kind, ...(way.id !== undefined ? { id: way.id } : {}) },
      }),
    onRemoved,
  );

/** Goes to an OpenID Connect provider to link it; its return finishes the link. */
export const linkProvider = async (provider: string) => {
  const { url } = await apiData(identity.oidcLinkStart, { body: { provider } });
  window.location.assign(url);
};
