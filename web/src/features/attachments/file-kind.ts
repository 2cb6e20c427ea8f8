// How a file is shown: its size, whether the browser shows it (a thumbnail, a tab of its own),
// and a short tag of its kind where it has no thumbnail. Plain, without React.

const KINDS: [RegExp, string][] = [
  [/^application\/pdf$/, 'PDF'],
  [/^text\//, 'TXT'],
  [/^video\//, 'VIDEO'],
  [/^image\//, 'IMG'],
  [/zip|compressed|x-tar|gzip/, 'ZIP'],
];

/** PDF, TXT, VIDEO, ZIP…, else the file name's extension (up to 4 letters), else FILE. */
export function fileKind(contentType: string, fileName: string): string {
  for (const [pattern, kind] of KINDS) if (pattern.test(contentType)) return kind;
  const ext = /\.([a-z0-9]{1,4})$/i.exec(fileName)?.[1];
  return ext ? ext.toUpperCase() : 'FILE';
}

const UNITS = ['bytes', 'KB', 'MB', 'GB'];

/** A size as people read it: 812 bytes, 1.4 MB. */
export function fileSize(bytes: number): string {
  let n = bytes;
  let unit = 0;
  while (n >= 1024 && unit < UNITS.length - 1) {
    n /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${n} ${n === 1 ? 'byte' : 'bytes'}` : `${n < 10 ? n.toFixed(1) : Math.round(n)} ${UNITS[unit]}`;
}

/** Images the browser shows from the download (the server serves these inline). */
export const isImage = (contentType: string) => /^image\/(png|jpeg|gif|webp)$/.test(contentType);

/** Files the browser shows in a tab of their own (PDF, text, video); the rest are saved. */
export const opensInTab = (contentType: string) =>
  contentType === 'application/pdf' || contentType.startsWith('text/plain') || contentType.startsWith('video/');
