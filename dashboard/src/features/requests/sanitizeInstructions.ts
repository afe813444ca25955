import DOMPurify from 'dompurify';

/**
 * The rich text the instructions may contain, the same allowlist the API stores (requests/sanitize-instructions.ts
 * there): nothing that can run. The server is the authority; this copy keeps the editor, its live preview and the
 * review page honest about what the recipient will see. `div` is kept only so a line the editor wrapped in one
 * stays a line here; the server unwraps it.
 */
const ALLOWED_TAGS = ['p', 'br', 'div', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'hr'];
const ALLOWED_ATTR = ['href', 'title'];
const SAFE_URL = /^(?:https?:|mailto:)/i;

let hooked = false;

function installHooks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (!SAFE_URL.test(href.trim())) {
      node.removeAttribute('href');
      return;
    }
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  });
}

export function sanitizeInstructions(html: string): string {
  installHooks();
  const fragment = DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: [...ALLOWED_ATTR, 'target', 'rel'], ALLOW_DATA_ATTR: false, RETURN_DOM_FRAGMENT: true });
  // A link whose address was unsafe keeps its words, without looking like a link that goes nowhere.
  for (const dead of Array.from(fragment.querySelectorAll('a:not([href])'))) dead.replaceWith(...Array.from(dead.childNodes));
  const box = document.createElement('div');
  box.append(fragment);
  return box.innerHTML;
}

/** True when the HTML shows no text (an editor left with only empty paragraphs or line breaks). */
export function isBlankHtml(html: string): boolean {
  return sanitizeInstructions(html).replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';
}
