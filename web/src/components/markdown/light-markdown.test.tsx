import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lightBlocks, renderLight } from './light-markdown';
import Markdown from './markdown';

afterEach(cleanup);

/** The HTML without the newlines react-markdown puts between block elements. */
const html = (node: React.ReactNode) =>
  render(<>{node}</>)
    .container.innerHTML.replace(/>\s+</g, '><')
    .replace('class="md  ', 'class="md ');

/** The default notices (server/src/modules/sites/defaults.ts) and other texts of the subset. */
const light = [
  'Chat with AI models and apps, draw with Midjourney, DALL·E and Stable Diffusion, make video and music, all in one place.\n\n- **New here?** You can try it all as a guest; sign up to keep your chats and works.\n- Each task is paid in **credits**, and a task that fails is refunded automatically.\n- Your results are kept in your **works**, on every device you sign in on.\n- Questions? Open **Frequent questions** in the menu (on a phone: on **Home**).',
  '在这里与 AI 模型和应用对话，用 Midjourney、DALL·E 和 Stable Diffusion 绘画，生成视频和音乐。\n\n- **第一次来？** 游客即可体验；注册后对话和作品会一直保留。\n- 每个任务消耗**积分**，任务失败会自动退还。\n- 你的成果保存在**作品**里，在任何登录的设备上都能看到。\n- 有疑问？请查看菜单中的**常见问题**（手机上在**首页**）。',
  '在這裡與 AI 模型和應用對話，用 Midjourney、DALL·E 和 Stable Diffusion 繪畫，生成影片和音樂。\n\n- **第一次來？** 訪客即可體驗；註冊後對話和作品會一直保留。\n- 每個任務消耗**積分**，任務失敗會自動退還。\n- 你的成果保存在**作品**裡，在任何登入的裝置上都能看到。\n- 有疑問？請查看選單中的**常見問題**（手機上在**首頁**）。',
  '- Describe the subject first, then style, light and camera: *a red fox in snow, watercolor, soft morning light*.\n- Add `--ar 16:9` for a wide image, `--no text` to leave something out.\n- Use **U** to upscale and **V** to make variations of a result you like.',
  '- 先写主体，再写风格、光线和镜头：*雪地里的红狐狸，水彩，柔和晨光*。\n- 加 `--ar 16:9` 生成横图，用 `--no text` 排除不想要的内容。\n- 对喜欢的结果点 **U** 放大，点 **V** 生成变体。',
  '# Opening hours\nWe answer every day.\nEven on Sundays.\n\n## Contact\nWrite to [our desk](https://example.com/desk?x=1#top) or **call**.',
  '3. third\n4. fourth\n\nThen *a* **b** `c<d>`.',
  '**Bold** at the start, *emphasis* at the end',
];

/** Texts the full renderer reads differently: the light one must give up on each. */
const full = [
  '| a | b |\n|---|---|\n| 1 | 2 |',
  '```js\nconst a = 1;\n```',
  '- one\n  - nested',
  '- one\n\n- two (a loose list)',
  'a paragraph\n- then a list',
  '- an item\nlazy continuation',
  'Title\n=====',
  '---',
  '> a quote',
  'snake_case and __bold__',
  'raw <b>html</b> &amp; entities',
  'see https://example.com or mail me@example.com',
  'an ![image](https://example.com/a.png)',
  '[a link](javascript:alert(1))',
  'line with a hard break  \nnext',
  'back\\slash',
  '$x^2$ math',
  '~~struck~~',
  '**unclosed bold',
  '*a **nested** one*',
  'a**"quoted"**b',
  '    indented code',
  '1) paren list',
  '+ plus list',
];

describe('light markdown', () => {
  it.each(light)('renders %# exactly as the full renderer does', (text) => {
    const node = renderLight(text, 'text-sm');
    expect(node).not.toBeNull();
    expect(html(node)).toBe(html(<Markdown text={text} className="text-sm" />));
  });

  it.each(full)('leaves %j to the full renderer', (text) => {
    expect(renderLight(text)).toBeNull();
  });

  it('keeps an ordered list’s first number and lists’ items apart from paragraphs', () => {
    expect(lightBlocks('3. a\n4. b\n\ntext')).toEqual([
      { kind: 'ol', start: 3, marker: '3', items: ['a', 'b'] },
      { kind: 'p', text: 'text' },
    ]);
  });
});
