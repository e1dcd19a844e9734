/**
 * The room's top bar in a best-of-three: "Game 2 · Best of three" over "Alice 1 – 0 Bob" (two short lines: the
 * clocks and a live game's controls keep their width), or on narrow screens "Game 2" over "1–0". Screen readers
 * read the whole line ("Game 2 · Best of three · Alice 1 – 0 Bob"), also its title.
 */
import '../../i18n/later-texts';
import type { ManagerId } from '@vroyale/engine';
import type { SeriesState } from '@vroyale/protocol';
import { useT } from '../../i18n';
import { badgeLines, badgeShort, badgeText } from './words';
import './series.css';

export function SeriesBadge({ series, names }: { series: SeriesState; names: Record<ManagerId, string> }) {
  useT();
  const full = badgeText(series, names);
  const [game, score] = badgeShort(series);
  const [which, standing] = badgeLines(series, names);
  return (
    <span className="series-badge" title={full}>
      <span className="sr-only">{full}</span>
      <span className="sb-long" aria-hidden="true">
        <span>{which}</span> <b>{standing}</b>
      </span>
      <span className="sb-short" aria-hidden="true">
        <span>{game}</span> <b>{score}</b>
      </span>
    </span>
  );
}
