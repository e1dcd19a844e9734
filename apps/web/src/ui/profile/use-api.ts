import { useEffect, useState } from 'react';
import { api, type ApiResult } from '../../net/api';

/** A GET of the HTTP API, fetched again when the path changes; null while loading. */
export function useApiGet<T>(path: string): ApiResult<T> | null {
  const [r, setR] = useState<{ path: string; res: ApiResult<T> } | null>(null);
  useEffect(() => {
    let live = true;
    void api<T>('GET', path).then((res) => live && setR({ path, res }));
    return () => {
      live = false;
    };
  }, [path]);
  return r && r.path === path ? r.res : null;
}
