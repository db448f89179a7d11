import { images } from '@atelier/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../api/client';
import { useRefreshImages } from '../../api/image-tasks';

/** Queues an SD3 picture (`/queue/sdxlCreate`); the list and the balance follow. */
export const useSd3Create = () => {
  const refresh = useRefreshImages('sd3');
  return useMutation({
    mutationFn: (body: images.Sd3Input) => apiData(images.sd3Create, { body }),
    onSuccess: refresh,
  });
};
