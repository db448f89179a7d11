import type { LocaleShape } from '../../types';
import type zhCN from '../zh-CN/separation';

export default {
  source: {
    title: 'Choose the audio',
    upload: 'Upload audio',
    songs: 'My songs',
    pick: 'Choose an audio file',
    dropHint: 'WAV, MP3, FLAC, OGG or M4A, up to {{max}} MB',
    uploading: 'Uploading…',
    uploaded: '{{name}} · {{seconds}} s · {{count}} channels',
    uploaded_one: '{{name}} · {{seconds}} s · mono',
    noSongs: 'No songs yet. Make one on the AI music screen, or upload audio.',
    songsFailed: 'Could not load your songs',
    demoSong: 'Demo song',
    none: 'Upload audio or pick a song first',
    preview: 'Listen to the original',
  },
  model: {
    label: 'Separation model',
    none: 'No separation model is available yet',
    failed: 'Could not load the models',
    demoHint:
      'Offline demo: a demo song gives back its own vocals and instrumental tracks; other stereo audio is split into mid and side (mid (L+R)/2 as vocals, side (L−R)/2 as instrumental). This is not AI separation.',
  },
  format: {
    label: 'Output format',
  },
  cost: 'This separation costs {{credits}} credits',
  submit: 'Separate',
  submitting: 'Sending…',
  history: {
    title: 'Separations',
    empty: 'No separations yet. Upload audio or pick a song to start.',
    failed: 'Could not load your separations',
    retry: 'Retry',
    more: 'Load more',
  },
  status: {
    queued: 'Queued',
    running: 'Separating {{progress}}%',
    succeeded: 'Done',
    failed: 'Failed',
  },
  method: {
    model: 'Separated by an AI model',
    demoStems: 'Offline demo: the demo song’s own tracks',
    midSide: 'Offline demo: mid/side split',
  },
  stems: {
    vocals: 'Vocals',
    instrumental: 'Instrumental',
    download: 'Download {{stem}} ({{format}})',
    playBoth: 'Play both',
    pause: 'Pause',
  },
  meta: {
    duration: '{{seconds}} s',
    credits: '{{credits}} credits',
  },
  delete: {
    action: 'Delete',
    confirm: 'Delete this separation and its tracks?',
    ok: 'Delete',
    cancel: 'Cancel',
    done: 'Deleted',
  },
  started: 'Separation started; listen below when it is done',
} satisfies LocaleShape<typeof zhCN>;
