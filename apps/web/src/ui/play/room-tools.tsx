/**
 * "Play with friends": a new room (public: listed in Live now; private: its invite link only) with its clock and
 * its format (one game or a best of three), and opening an invite link someone sent. The creator takes a seat at
 * once with the roster last chosen.
 */
import { useState } from 'react';
import type { MatchFormat, Visibility } from '@vroyale/protocol';
import { lastRoster } from '../../decks';
import { useT } from '../../i18n';
import { createRoom, joinRoom } from '../../net/calls';
import { ClockSelect } from '../clock-select';
import { clockAt, UNTIMED_IDX } from '../clocks';
import { FormatSelect } from '../format-select';
import { navigate } from '../route';

export function RoomTools() {
  const t = useT();
  const [visibility, setVisibility] = useState<Visibility>('public');
  const [clockIdx, setClockIdx] = useState(0);
  const [format, setFormat] = useState<MatchFormat>('bo1');
  const [link, setLink] = useState('');
  const create = async () => {
    const id = await createRoom(visibility, clockAt(clockIdx), format);
    if (id && (await joinRoom(id, lastRoster()))) navigate(`/room/${id}`);
  };
  return (
    <section className="panel room-tools" aria-labelledby="room-tools-title">
      <h2 id="room-tools-title">{t('lobby.friends')}</h2>
      <div className="room-tools-grid">
        <div className="new-room">
          <fieldset className="radio-row">
            <legend>{t('lobby.newRoom')}</legend>
            <label>
              <input
                type="radio"
                name="vis"
                checked={visibility === 'public'}
                onChange={() => (setVisibility('public'), clockIdx === UNTIMED_IDX && setClockIdx(0))}
              />{' '}
              {t('lobby.public')}
            </label>
            <label>
              <input type="radio" name="vis" checked={visibility === 'private'} onChange={() => setVisibility('private')} /> {t('lobby.private')}
            </label>
          </fieldset>
          <label htmlFor="clock">{t('lobby.clock')}</label>
          <ClockSelect id="clock" value={clockIdx} onChange={setClockIdx} untimed={visibility === 'private'} />
          <label htmlFor="room-format">{t('lobby.format')}</label>
          <FormatSelect id="room-format" value={format} onChange={setFormat} />
          <button className="btn" onClick={() => void create()}>
            {t('lobby.createRoom')}
          </button>
        </div>
        <form
          className="join-link"
          onSubmit={(e) => {
            e.preventDefault();
            const m = /([A-Za-z0-9_-]{6,32})\s*$/.exec(link.trim().replace(/^.*#\/room\//, ''));
            if (m) navigate(`/room/${m[1]}`);
          }}
        >
          <label htmlFor="link">{t('lobby.joinByLink')}</label>
          <input id="link" value={link} onChange={(e) => setLink(e.target.value)} placeholder={t('lobby.pasteLink')} />
          <button className="btn" disabled={!link.trim()}>
            {t('lobby.open')}
          </button>
        </form>
      </div>
    </section>
  );
}
