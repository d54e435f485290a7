// HTML the server writes itself (e-mails, the no-JS fallback page, the public page's head).

/** Escapes text for an HTML text node or a quoted attribute value. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
