import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/screens';

export default {
  chat: 'Chat with the AI here: new chats, saved groups and history, context mode, export as an image and more.',
  midjourney:
    'Describe a picture and draw it. Your drawings and the example galleries are beside the prompt (below it on a phone); upscale, vary, zoom or pan any result.',
  draw: 'Generate images from text with DALL·E-style models here.',
  sd3: 'Generate images with SD3 models and tune their parameters here.',
  tools: 'Use the AI tools here: face swap, photo repair, upscale, blend and more.',
  sddraw: 'Browse the model square and draw with a Stable Diffusion model here.',
  video: 'Generate AI video from text or images here.',
  music: 'Write lyrics and generate AI music here, then play and download it.',
  separation: 'Split a song into vocals and accompaniment here.',
  market: 'Browse and collect works and prompts from the prompt market here.',
  history: 'See every generation you made and its progress here.',
  myGallery: 'Manage the works you published and collected here.',
  designerWork: 'Browse designers’ selected works here.',
  workDetails: 'See a work in full size with its prompt and parameters here.',
  hisGallery: 'Browse the public works of a creator here.',
  photoAlbum: 'See the pictures of album {{id}} here.',
  role: 'Choose or create an AI role (persona) here.',
  appStore: 'Browse the app store and start a chat with a ready-made AI app here.',
  pay: 'Buy credits or a membership, or use a redemption code here.',
  mind: 'Let the AI draw a mind map here.',
} satisfies LocaleShape<typeof zhCN>;
