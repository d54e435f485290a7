import { clampPage, clampPageSize } from '@granary/domain';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useClientSearch } from './api/client-search';

/** Typing waits this long before the list is searched (one request per pause, not per key). */
const SEARCH_DEBOUNCE_MS = 300;
const DEFAULT_CLIENT_PAGE_SIZE = 25;

/**
 * The client list's state in the URL (search, page, pageSize, paginationToken) and its search: the search box's
 * text goes to the URL after a pause (the URL wins when it changes: Back, a link); pages go forward with the
 * server's token and back with the tokens of the pages seen.
 */
export function useClientList(marketId: number | null) {
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const page = clampPage(params.get('page'));
  const pageSize = params.get('pageSize') === null ? DEFAULT_CLIENT_PAGE_SIZE : clampPageSize(params.get('pageSize'));
  const paginationToken = page > 1 ? params.get('paginationToken') : null;

  // The search box: typed text goes to the URL after a pause; the URL (Back, a link) wins when it changes.
  const [text, setText] = useState(search);
  const lastPushed = useRef(search);
  useEffect(() => {
    if (search !== lastPushed.current) {
      lastPushed.current = search;
      setText(search);
    }
  }, [search]);
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === lastPushed.current) return;
    const timer = setTimeout(() => {
      lastPushed.current = wanted;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (wanted) next.set('search', wanted);
          else next.delete('search');
          next.delete('page');
          next.delete('paginationToken');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, setParams]);

  const query = useClientSearch(marketId === null ? null : { marketId, search, page, pageSize, paginationToken });

  // Tokens of the pages seen, so that Previous goes back by key rather than by offset.
  const tokens = useRef(new Map<string, string>());
  const queryScope = `${marketId}|${search}|${pageSize}`;
  useEffect(() => {
    if (query.data?.paginationToken && !query.isPlaceholderData)
      tokens.current.set(`${queryScope}|${query.data.page + 1}`, query.data.paginationToken);
  }, [query.data, query.isPlaceholderData, queryScope]);

  const goToPage = (target: number) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (target <= 1) {
        next.delete('page');
        next.delete('paginationToken');
      } else {
        next.set('page', String(target));
        const token = target === page + 1 ? query.data?.paginationToken : tokens.current.get(`${queryScope}|${target}`);
        if (token) next.set('paginationToken', token);
        else next.delete('paginationToken');
      }
      return next;
    });
  };

  const changePageSize = (size: number) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('pageSize', String(size));
      next.delete('page');
      next.delete('paginationToken');
      return next;
    });
  };

  return { text, setText, search, page, pageSize, query, goToPage, changePageSize };
}
