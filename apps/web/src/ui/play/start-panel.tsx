/**
 * The lobby's first panel: "Learn to play" and "Play vs bot" (roster, level, clock), the two ways in that need
 * nobody else. At the bot-match cap the server refuses a new one; instead of an error the lobby offers to concede
 * the oldest match against the bot and start this one in the same request (`concede`).
 */
import { useEffect, useRef, useState } from 'react';
import type { BotLevel } from '@vroyale/protocol';
import { useT } from '../../i18n';
import { playBot, type BotStart } from '../../net/calls';
import { store, toast, useApp } from '../../store';
import { LearnToPlay, type StartAgainstBot } from '../../tutorial/lobby-button';
import { BotLevelSelect } from '../bot-level-select';
import { ClockSelect } from '../clock-select';
import { clockAt, UNTIMED_IDX } from '../clocks';
import { Modal } from '../modal';
import { RosterPicker, useRosterChoice } from '../roster-picker';
import { navigate } from '../route';
import { kindText, turnText } from './match-words';
import { myMatches, oldestBotMatch, type MyMatch } from './my-matches';

interface Offer {
  oldest: MyMatch;
  go: (concede?: string) => Promise<BotStart>;
  started?: (roomId: string) => void;
}

export function StartPanel() {
  const t = useT();
  const [roster, setRoster] = useRosterChoice();
  const [clockIdx, setClockIdx] = useState(UNTIMED_IDX);
  const [level, setLevel] = useState<BotLevel>('normal');
  const [busy, setBusy] = useState(false);
  const [offer, setOffer] = useState<Offer | null>(null);

  const start: StartAgainstBot = async (go, started) => {
    const r = await go();
    if (r && typeof r === 'object') {
      const oldest = oldestBotMatch(myMatches(store.getState()));
      // At the address's cap with none of one's own to give up: the server's words say why.
      if (oldest) setOffer({ oldest, go, started });
      else toast(r.atCap);
    } else if (r) opened(r, started);
  };

  return (
    <section className="panel start-panel" aria-labelledby="start-title">
      <div className="start-head">
        <h2 id="start-title">{t('lobby.play')}</h2>
        <p className="hint">{t('lobby.playHint')}</p>
      </div>
      <div className="start-tiles">
        <div className="start-tile learn">
          <h3>{t('lobby.newHere')}</h3>
          <LearnToPlay start={start} />
        </div>
        <div className="start-tile bot">
          <h3>{t('lobby.againstBot')}</h3>
          <RosterPicker value={roster} onChange={setRoster} label={t('lobby.yourRoster')} />
          <div className="bot-options">
            <div>
              <label htmlFor="bot-level">{t('lobby.botLevel')}</label>
              <BotLevelSelect id="bot-level" value={level} onChange={setLevel} />
            </div>
            <div>
              <label htmlFor="bot-clock">{t('pace.botClock')}</label>
              <ClockSelect id="bot-clock" value={clockIdx} onChange={setClockIdx} untimed />
            </div>
          </div>
          <button
            className="btn primary big play-bot"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              await start((concede) => playBot(roster, clockAt(clockIdx), level, concede));
              setBusy(false);
            }}
          >
            {t('lobby.playBot')}
          </button>
        </div>
      </div>
      {offer && <CapOffer offer={offer} onClose={() => setOffer(null)} />}
    </section>
  );
}

function opened(roomId: string, started?: (roomId: string) => void): void {
  started?.(roomId);
  navigate(`/room/${roomId}`);
}

/** "You are already playing 2 matches against the bot": concede the oldest and start, or keep it. */
function CapOffer({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const t = useT();
  const count = useApp((s) => myMatches(s).filter((m) => m.kind === 'bot' || m.kind === 'tutorial').length);
  const keep = useRef<HTMLButtonElement>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => keep.current?.focus(), []);
  const o = offer.oldest;
  const name = o.opponent?.name ?? '';
  return (
    <Modal className="cap-offer" role="alertdialog" labelledBy="cap-title" describedBy="cap-text" onClose={onClose}>
      <h2 id="cap-title">{t('lobby.atCapTitle', { count })}</h2>
      <p id="cap-text">{t('lobby.atCapText', { name })}</p>
      <p className="hint">
        <span className={`kind-chip kind-${o.kind}`}>{kindText(o.kind)}</span> {turnText(o.turn, o.active, o.names)}
      </p>
      <div className="options">
        <button ref={keep} className="btn" onClick={onClose}>
          {t('lobby.atCapKeep')}
        </button>
        <button
          className="btn primary"
          disabled={sending}
          onClick={async () => {
            setSending(true);
            const r = await offer.go(o.roomId);
            setSending(false);
            onClose();
            if (typeof r === 'string') opened(r, offer.started);
            else if (r) toast(r.atCap);
          }}
        >
          {t('lobby.atCapConcede')}
        </button>
      </div>
    </Modal>
  );
}
