import { useCallback, useEffect, useState } from 'react';
import { api, isSuccess } from './api-client';

/** A page of a list endpoint, as every paged endpoint answers it. */
export type Paged<T> = { list: T[]; total: number; pageNum: number; pageSize: number };

/**
 * Loads one page of `path` with `query` (whoever changes the query sets page 1 again); `reload`
 * fetches the current page again after a change. `page` is null until the first answer.
 */
export function usePagedList<T>(path: string, query: Record<string, string | number> = {}, pageSize = 10) {
  const [pageNum, setPageNum] = useState(1);
  const [page, setPage] = useState<Paged<T> | null>(null);
  const [version, setVersion] = useState(0);
  const queryKey = JSON.stringify(query);

  useEffect(() => {
    let current = true;
    void api
      .get<Paged<T>>(path, { searchParams: { ...query, pageNum, pageSize } })
      .then((result) => current && isSuccess(result) && setPage(result.data));
    return () => {
      current = false;
    };
    // `queryKey` stands for `query`, which callers build afresh on every render.
  }, [path, queryKey, pageNum, pageSize, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { page, pageNum, setPageNum, reload };
}
