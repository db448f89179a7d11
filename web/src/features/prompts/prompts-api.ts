import { useQuery } from '@tanstack/react-query';
import { fetchPromptSource } from './prompt-files';

/** The prompts of an online source (a JSON file, built in or typed), kept five minutes. */
export const usePromptSource = (url: string) =>
  useQuery({
    queryKey: ['prompt-source', url],
    queryFn: ({ signal }) => fetchPromptSource(url, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
