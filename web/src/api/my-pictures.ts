import { drawing, files } from '@atelier/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData } from './client';
import { useIdentity } from '../stores/auth';

/* One's own pictures to pick from (any screen's picker): finished results and uploads. */

const keys = {
  myImages: (who: string) => ['pictures', 'mine', who] as const,
  uploads: (who: string) => ['pictures', 'uploads', who] as const,
};

/** One's own finished pictures, to pick as references. */
export const useMyImages = (enabled: boolean) => {
  const who = useIdentity();
  return useQuery({
    queryKey: keys.myImages(who),
    queryFn: async () =>
      (await apiData(drawing.finishedPictures, { query: { page: 1, size: 99 } })).rows,
    enabled,
  });
};

/** One's uploaded pictures, to pick as references. */
export const useMyUploads = (enabled: boolean) => {
  const who = useIdentity();
  return useQuery({
    queryKey: keys.uploads(who),
    queryFn: async () => (await apiData(files.listUploads, { query: { page: 1, size: 60 } })).rows,
    enabled,
  });
};
