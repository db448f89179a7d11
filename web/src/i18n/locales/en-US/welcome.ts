import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/welcome';

export default {
  brand: 'Atelier',
  nav: { open: 'Open the app' },
  hero: {
    eyebrow: 'AI chat and creation in one place',
    title: 'Say what you imagine. AI does the rest.',
    subtitle:
      'Chat with AI, draw, and make videos and music. Every result is kept in your history, ready to pick up again.',
    chat: 'Start chatting',
    draw: 'Start drawing',
  },
  features: {
    title: 'What you can do',
    chat: {
      title: 'AI chat',
      text: 'Several models, chat groups and context mode; answers with markdown and highlighted code.',
    },
    draw: {
      title: 'MJ drawing',
      text: 'Turn a prompt into images, then upscale, vary or redraw them in a masonry grid.',
    },
    models: {
      title: 'Model square',
      text: 'Pick Stable Diffusion and SD3 models and tune the parameters to get your style.',
    },
    video: {
      title: 'AI video',
      text: 'Make a short video from one sentence or one image, with live progress.',
    },
    music: {
      title: 'AI music',
      text: 'Write lyrics or a description to get a full song, and split vocals from the backing track.',
    },
    history: {
      title: 'Your history',
      text: 'Every chat and every work is kept: find it, download it or continue from it any time.',
    },
  },
  steps: {
    title: 'Three steps',
    ask: {
      title: 'Describe it',
      text: 'Write what you want in your own words; try it without an account.',
    },
    create: {
      title: 'Watch it appear',
      text: 'Queue position, percent done and seconds elapsed are always shown.',
    },
    keep: {
      title: 'Keep and share',
      text: 'Sign up and your works and credits follow your account to any device.',
    },
  },
  footer: '© {{year}} Atelier · an open-source AI chat and creation platform',
} satisfies LocaleShape<typeof zhCN>;
