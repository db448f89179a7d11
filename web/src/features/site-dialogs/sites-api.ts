import { sites } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../api/client';

/**
 * The site texts are read when their dialog opens (`enabled`), once per page load; the notices
 * come with the start-up read (`app/start.ts` puts them under their key).
 */
export const siteTextKeys = {
  about: ['sites', 'about'] as const,
  faq: ['sites', 'faq'] as const,
  notices: ['sites', 'notices'] as const,
};

/** The "about" entries (one per domain). */
export const useAbout = (enabled: boolean) =>
  useQuery({ queryKey: siteTextKeys.about, queryFn: () => apiData(sites.hostAbout), enabled });

/** The frequent questions and their answers. */
export const useFaq = (enabled: boolean) =>
  useQuery({
    queryKey: siteTextKeys.faq,
    queryFn: () => apiData(sites.listFaqs, { query: { page: 1, size: 99 } }),
    enabled,
  });

/** The site's notices. */
export const useNotices = (enabled: boolean) =>
  useQuery({ queryKey: siteTextKeys.notices, queryFn: () => apiData(sites.getNotices), enabled });
