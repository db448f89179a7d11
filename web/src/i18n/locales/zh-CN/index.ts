import auth from './auth';
import common from './common';
import dialogs from './dialogs';
import errors from './errors';
import menu from './menu';
import screens from './screens';
import shell from './shell';
import welcome from './welcome';

/** Simplified Chinese: the default language and the source of truth for every key. */
const zhCN = { common, menu, errors, shell, screens, auth, dialogs, welcome };
export default zhCN;
