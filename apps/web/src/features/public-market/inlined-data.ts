import type { PublicPageData } from '@granary/domain';

/** The id of the server's inlined JSON element (domain PUBLIC_PAGE_DATA_ELEMENT_ID; a literal here so the light entry loads no zod). */
export const PUBLIC_DATA_ELEMENT_ID = 'public-page-data';

/** The page data the server inlined as `<script type="application/json">`, or null when there is none or it is broken. */
export function readInlinedData(element: Element | null): PublicPageData | null {
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as PublicPageData;
    return data && (data.view === 'market' || data.view === 'score' || data.view === 'not-found') ? data : null;
  } catch {
    return null;
  }
}
