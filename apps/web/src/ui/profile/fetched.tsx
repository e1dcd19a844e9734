/** What the profile and leaderboard show of a GET the same way: loading, failed, empty; then the content. */
import '../../i18n/later-texts';
import type { ReactNode } from 'react';
import { useT } from '../../i18n';
import type { ApiResult } from '../../net/api';

export function Fetched<T>({
  r,
  isEmpty,
  emptyText,
  children,
}: {
  r: ApiResult<T> | null;
  isEmpty: (data: T) => boolean;
  emptyText: string;
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  if (!r) return <p className="hint">{t('common.loading')}</p>;
  if (!r.ok) return <p role="alert">{t('profile.loadFailed')}</p>;
  if (isEmpty(r.data)) return <p className="hint">{emptyText}</p>;
  return <>{children(r.data)}</>;
}
