/**
 * The top cut as a bracket: one column per cut round (quarterfinals, semifinals, final), each match with the two
 * players' seeds and names, the score, the winner marked; rounds not paired yet as empty boxes; then the champion.
 * Sideways scroll on a narrow screen.
 */
import '../../i18n/later-texts';
import type { TournamentPairing, TournamentView } from '@vroyale/protocol';
import { useT } from '../../i18n';
import { winnerOf } from './event-state';
import type { NameOf } from './names';
import { cutRoundName, cutSizeOf, scoreText } from './words';

export function Bracket({ v, nameOf, onPlayer }: { v: TournamentView; nameOf: NameOf; onPlayer: (id: string) => void }) {
  const t = useT();
  if (!v.cutSeeds) return null;
  const size = cutSizeOf(v);
  const cut = v.history.filter((r) => r.stage === 'cut');
  const columns = Math.max(1, Math.round(Math.log2(size)));
  const seed = (id: string) => v.cutSeeds!.indexOf(id) + 1;
  return (
    <section className="panel event-bracket" aria-labelledby="bracket-title">
      <h2 id="bracket-title">{t('events.bracket.title')}</h2>
      <div className="bracket-scroll">
        <div className="bracket" style={{ gridTemplateColumns: `repeat(${columns + (v.champion ? 1 : 0)}, minmax(170px, 1fr))` }}>
          {Array.from({ length: columns }, (_, i) => {
            const round = cut.find((r) => r.number === i + 1);
            const matches = size / 2 ** (i + 1);
            return (
              <div className="bracket-col" key={i}>
                <h3>{cutRoundName(size, i + 1)}</h3>
                <ol>
                  {Array.from({ length: matches }, (_, k) => {
                    const m = round?.pairings[k];
                    return (
                      <li key={k}>
                        {m ? (
                          <BracketMatch m={m} seed={seed} nameOf={nameOf} onPlayer={onPlayer} />
                        ) : (
                          <div className="bracket-match tbd">{t('events.bracket.tbd')}</div>
                        )}
                      </li>
                    );
                  })}
                </ol>
              </div>
            );
          })}
          {v.champion && (
            <div className="bracket-col champion-col">
              <h3>{t('events.bracket.champion')}</h3>
              <div className="bracket-champion">
                <span aria-hidden="true">★</span> {nameOf(v.champion)}
              </div>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}

function BracketMatch({ m, seed, nameOf, onPlayer }: { m: TournamentPairing; seed: (id: string) => number; nameOf: NameOf; onPlayer: (id: string) => void }) {
  const t = useT();
  const w = m.b === null ? m.a : winnerOf(m);
  const line = (id: string, wins: number | null) => (
    <div className={`bm-line${w === id ? ' won' : w ? ' lost' : ''}`}>
      <span className="bm-seed" title={t('events.bracket.seed', { n: seed(id) })}>
        {seed(id)}
      </span>
      <button className="linkish bm-name" onClick={() => onPlayer(id)}>
        {nameOf(id)}
      </button>
      <span className="bm-wins">{wins ?? ''}</span>
    </div>
  );
  return (
    <div className="bracket-match" title={m.result ? scoreText([m.result.winsA, m.result.winsB, m.result.draws]) : undefined}>
      {line(m.a, m.result?.winsA ?? null)}
      {m.b !== null ? line(m.b, m.result?.winsB ?? null) : <div className="bm-line">{t('events.pairings.bye')}</div>}
    </div>
  );
}
