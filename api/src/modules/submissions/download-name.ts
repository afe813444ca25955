/** `<request-title>-<recipient>-<YYYY-MM-DD>.<ext>`, reduced to characters every file system accepts. */
export function downloadName(parts: { title: string; recipient: string | null; createdAt: Date | string; extension: string }): string {
  const slug = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .toLowerCase();
  const date = new Date(parts.createdAt).toISOString().slice(0, 10);
  return [slug(parts.title) || 'recording', parts.recipient ? slug(parts.recipient) : '', date].filter(Boolean).join('-') + `.${parts.extension}`;
}

const EXTENSIONS: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/quicktime': 'mov', 'video/x-matroska': 'mkv', 'video/ogg': 'ogv' };

/** `video/webm;codecs=vp9` → `video/webm`, the type files are served with. */
export function baseType(mimeType: string): string {
  return mimeType.split(';')[0]?.trim().toLowerCase() || 'application/octet-stream';
}

export function extensionOf(mimeType: string): string {
  return EXTENSIONS[baseType(mimeType)] ?? 'bin';
}
