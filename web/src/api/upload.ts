import { files } from '@atelier/contracts';
import { t } from '../i18n';
import { notify } from '../lib/notify';
import { API_BASE, ApiError, handleAnswer, identityHeaders } from './client';

/**
 * `POST /upload/file` (multipart, field `file`), or another picture upload of the same shape
 * (the console's site pictures). The client sends JSON only, so this call is made here with
 * the same identity headers; its answer goes through the same error catalogue.
 */
export async function uploadFile(
  file: File,
  endpoint: typeof files.uploadFile | typeof files.adminUploadSitePicture = files.uploadFile,
): Promise<files.UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${endpoint.path}`, {
      method: 'POST',
      headers: identityHeaders(),
      body: form,
    });
  } catch {
    const text = t('errors:network');
    notify.error(text);
    throw new ApiError(text, 0);
  }
  const body = (await response.json().catch(() => null)) as Parameters<typeof handleAnswer>[2];
  const answer = handleAnswer<files.UploadedFile>(endpoint.path, response.status, body);
  if (!answer.success) throw new ApiError(answer.message, 420);
  return answer.data;
}
