import sanitizeHtml from 'sanitize-html';

/**
 * The rich-text subset an editor produces. No script, style, iframe or form elements, no event-handler attributes,
 * and links only to http(s)/mailto: sanitize-html drops everything else, including javascript: URLs.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links open outside the recorder so a click never loses a recording in progress.
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

export function sanitizeInstructions(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
