import { images } from '@atelier/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../api/client';
import { useRefreshImages } from '../../api/image-tasks';

/** Queues DALL·E / gpt-image pictures (one task each); the list and the balance follow. */
export const useDalleCreate = () => {
  const refresh = useRefreshImages('draw');
  return useMutation({
    mutationFn: (body: images.DalleInput) => apiData(images.dalleCreate, { body }),
    onSuccess: refresh,
  });
};
