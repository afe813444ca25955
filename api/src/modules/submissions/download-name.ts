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
