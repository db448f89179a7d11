// Every test file starts with the texts of every language loaded, so that a test switching
// the language sees the new texts at once (the app itself fetches only the visitor's language
// and switches once it is there; src/i18n/i18n.test.ts checks that).
import { i18n, i18nReady, lazyNamespaces, namespaces } from '../i18n';
import { languages } from '../lib/languages';

await i18nReady;
await i18n.reloadResources([...languages], [...namespaces, ...lazyNamespaces]);
// The i18n instance outlives a test file in its worker (`isolate: false`): each file starts in
// the language its fresh settings store holds, whatever the file before switched to.
const { useAppSetting } = await import('../stores/app-setting');
await i18n.changeLanguage(useAppSetting.getState().language);
