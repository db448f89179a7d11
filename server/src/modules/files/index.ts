import type { AtelierModule } from '../module.js';
import { fileRoutes } from './routes.js';

export {
  assertStorageRoom,
  deleteFiles,
  fileOfKey,
  filesOfTask,
  FILES_PREFIX,
  fileUrl,
  imageHeaderOf,
  isFilesLink,
  keyOfUrl,
  readOwnedImage,
  StorageFullError,
  storeFile,
  type FileRow,
} from './service.js';
export { filesOfIds } from './lookup.js';
export { chatFileMaxBytes } from './settings.js';
export {
  fileRef,
  ownLinkSigner,
  signedFileLinks,
  signFileLinks,
  unsignFileLinks,
  unsignFileLinksIn,
  withoutPrivateFiles,
} from './links.js';

/** Stored files: uploads, task results, and serving them (private ones by signed link). */
export const filesModule: AtelierModule = {
  name: 'files',
  async routes(app) {
    app.ctx.guestData.register('files', async (trx, { fromUserId, toUserId }) => {
      await trx
        .updateTable('files')
        .set({ user_id: toUserId })
        .where('user_id', '=', fromUserId)
        .execute();
    });
    await fileRoutes(app);
  },
};
