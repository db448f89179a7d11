import type { market } from '@atelier/contracts';
import { useNavigate } from 'react-router';
import type { ComposerPrefill } from '../../lib/prefill';
import { isSignedIn, useAuthStore } from '../../stores/auth';
import { useDialogs } from '../../stores/dialogs';
import { composerPath } from './composers';
import { useMarketActions } from './market-api';

/**
 * What a card and the dialog do: like and collect (signing in first), and "use", which counts
 * the use and opens the right composer with every parameter (lib/prefill.ts).
 */
export function useMarket() {
  const navigate = useNavigate();
  const actions = useMarketActions();
  const signedIn = useAuthStore(isSignedIn);
  const needSignIn = () => {
    if (signedIn) return false;
    useDialogs.getState().open('login');
    return true;
  };
  const like = (p: market.MarketPrompt) => !needSignIn() && actions.like.mutate(p.id);
  const collect = (p: market.MarketPrompt) => !needSignIn() && actions.collect.mutate(p.id);
  const use = async (p: market.MarketPrompt) => {
    const { prefill } = await actions.use.mutateAsync(p.id);
    useDialogs.getState().close('marketPrompt');
    const state: { prefill: ComposerPrefill } = { prefill };
    await navigate(composerPath(prefill.kind), { state });
  };
  const busy = (id: number) =>
    (actions.like.isPending && actions.like.variables === id) ||
    (actions.collect.isPending && actions.collect.variables === id);
  return { like, collect, use, busy, actions, signedIn };
}
