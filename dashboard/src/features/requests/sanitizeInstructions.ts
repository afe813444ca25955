import DOMPurify from 'dompurify';

/**
 * The rich text the instructions may contain: what the editor's buttons produce, and nothing that can run.
 * The server sanitises again when it stores them; this copy keeps the editor, its preview and the review page
 * honest about what the recipient will see.
 */
const ALLOWED_TAGS = ['p', 'br', 'div', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a'];
const ALLOWED_ATTR = ['href'];
const SAFE_URL = /^(?:https?:|mailto:)/i;

let hooked = false;

function installHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (!SAFE_URL.test(href.trim())) node.removeAttribute('href');
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  });
}

export function sanitizeInstructions(html: string): string {
  installHooks();
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: [...ALLOWED_ATTR, 'target', 'rel'], ALLOW_DATA_ATTR: false });
}

/** True when the HTML shows no text (an editor left with only empty paragraphs or line breaks). */
export function isBlankHtml(html: string): boolean {
  return sanitizeInstructions(html).replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';
}
