/** Traditional Chinese: mirrors zh-CN key for key (each namespace `satisfies` its zh-CN shape). */
import auth from './auth';
import common from './common';
import dialogs from './dialogs';
import errors from './errors';
import menu from './menu';
import screens from './screens';
import shell from './shell';
import welcome from './welcome';

const zhTW = { common, menu, errors, shell, screens, auth, dialogs, welcome };
export default zhTW;
