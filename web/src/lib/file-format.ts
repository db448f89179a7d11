/**
 * A file's format as people name it (MP3, WAV, PNG), so that a song's ten files are not ten
 * "Download n" buttons nobody can tell apart.
 */
export function fileFormat(mime: string): string {
  const sub = (mime.split('/')[1] ?? '').split(';')[0]!.toLowerCase();
  const names: Record<string, string> = {
    mpeg: 'MP3',
    'x-wav': 'WAV',
    jpeg: 'JPG',
    quicktime: 'MOV',
  };
  return names[sub] ?? sub.toUpperCase();
}
