/** A room: waiting room (seats, invite link, join), the live playmat, spectating, and the end of a match. */
import '../i18n/later-texts';
import { HelpButton } from './help';
import { TutorialMount } from '../tutorial/mount';
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { Action, ManagerId } from '@vroyale/engine';
import { act, leaveRoom, spectate } from '../net/calls';
import { useT } from '../i18n';
import { ui, useApp, useUi } from '../store';
import { Board, useBoardKeys } from './board';
import { ZoomPreview } from './card';
import { ConcedeButton } from './concede-button';
import { OneShotControls, StopsButton } from './stops-panel';
import { EndOverlay, useFollowRematch } from './end-overlay';
import { Clock, SeatStatus } from './room-clock';
import { SidePanel } from './room-side-panel';
import { usePanelToggle } from './panel-toggle';
import { SettingsButton } from './settings-button';
import { navigate } from './route';
import { WaitingRoom } from './waiting-room';
import { PlayerMenu } from './player-menu';
import { RoomMenu } from './room-menu';
import { seatName } from '../game/seat-name';
import { preloadCardArt } from './art/card-art';
import { LanguagePicker } from './language-picker';
import { useMedia } from './use-media';
import { SeriesBadge } from './series/series-badge';
import { useFollowSeries } from './series/follow';
import { orderBy } from './series/words';

declare global {
  interface Window {
    __vroyalePerf?: number[];
  }
}

export function RoomScreen({ roomId }: { roomId: string }) {
  const room = useApp((s) => s.roomStates[roomId]);
  const msg = useApp((s) => s.views[roomId]);
  const viewAt = useApp((s) => s.viewAt[roomId] ?? 0);
  const busy = useApp((s) => s.busy);
  const me = useApp((s) => s.me);
  const hasSeat = useApp((s) => s.seats.some((x) => x.roomId === roomId));
  const hover = useUi((s) => (s.menu || s.aiming ? null : s.hover));
  const asked = useRef(false);
  const t = useT();
  const panel = usePanelToggle(t('room.logToggle'));
  // Wide screens keep every control in the top bar; narrower ones put all but the clocks in a menu sheet.
  const wide = useMedia('(min-width: 1100px)');

  // The card art's chunk starts loading with the room, while its first messages arrive.
  useEffect(() => void preloadCardArt(), []);

  // Not seated here: watch (which also shows the waiting room and lets us take a seat).
  useEffect(() => {
    if (!me || hasSeat || asked.current) return;
    asked.current = true;
    void spectate(roomId);
  }, [me, hasSeat, roomId]);

  // Render-time measurement: from applying a server view to the committed DOM.
  useLayoutEffect(() => {
    if (!msg) return;
    try {
      performance.mark('vroyale:view-end');
      const m = performance.measure('vroyale:view', 'vroyale:view-start', 'vroyale:view-end');
      (window.__vroyalePerf ??= []).push(m.duration);
      performance.clearMarks('vroyale:view-start');
      performance.clearMeasures('vroyale:view');
    } catch {
      /* no start mark (e.g. a re-render without a new view) */
    }
  }, [msg]);

  // Leaving the room (for the lobby, say) drops what was half done on its playmat: an open card menu, a target
  // being chosen, a declaration being built. Coming back shows the match as it stands, with no menu left open
  // from before (the server's view on return has the same seq, so net/inbound.ts would not close it).
  useEffect(() => () => ui.setState({ menu: null, aiming: null, draft: null, hover: null, browse: null, tip: null, point: [] }), [roomId]);

  const onAct = useCallback((a: Action) => void act(roomId, a), [roomId]);
  const legal = msg?.legal ?? [];
  useBoardKeys(legal, msg?.seq ?? -1, busy, onAct);

  const names: Record<ManagerId, string> = {
    A: room?.seats.A ? seatName(room.seats.A) : t('room.managerA'),
    B: room?.seats.B ? seatName(room.seats.B) : t('room.managerB'),
  };
  const seat: ManagerId | null = msg ? (msg.viewer === 'spectator' ? null : msg.viewer) : null;
  const bot = !!(room?.seats.A?.bot || room?.seats.B?.bot);
  useFollowRematch(roomId, seat !== null);
  useFollowSeries(roomId);

  if (!msg) return <WaitingRoom roomId={roomId} room={room} />;

  const live = seat !== null && !msg.result && msg.view.phase !== 'game-over';
  const people = (seat === null ? (['A', 'B'] as const) : ([seat === 'A' ? 'B' : 'A'] as const)).filter((m) => room?.seats[m] && !room.seats[m]!.bot);
  const controls = (
    <>
      {people.map((m) => (
        <PlayerMenu key={m} roomId={roomId} seat={m} name={names[m]} username={room!.seats[m]!.username ?? null} matchId={msg.matchId} />
      ))}
      {live && <OneShotControls roomId={roomId} />}
      {seat !== null && <StopsButton />}
      <HelpButton compact={wide} />
      <SettingsButton compact={wide} />
      {!wide && <LanguagePicker />}
      {live && <ConcedeButton roomId={roomId} opponent={names[seat === 'A' ? 'B' : 'A']} game={!!room?.series} />}
      {seat === null && (
        <button className="btn ghost" onClick={() => void leaveRoom(roomId).then(() => navigate('/'))}>
          {t('room.stopWatching')}
        </button>
      )}
    </>
  );
  return (
    <div className="room" data-panel={panel.open ? 'open' : undefined}>
      <header className="topbar">
        <button className="btn ghost" onClick={() => navigate('/')} aria-label={t('room.backToLobby')}>
          {wide ? t('room.lobby') : '←'}
        </button>
        <span className="room-name">{seat === null ? t('room.spectating') : bot ? t('room.versusBot') : t('room.match')}</span>
        {room?.series && <SeriesBadge series={room.series} names={names} />}
        <div className="clocks">
          {(['A', 'B'] as const).map((m) => (
            <Clock
              key={m}
              m={m}
              clocks={msg.clocks}
              at={viewAt}
              name={m === seat ? t('room.you', { name: names[m] }) : names[m]}
              active={!msg.result}
              mine={m === seat}
            />
          ))}
        </div>
        {room && <SeatStatus room={room} seat={seat === 'A' ? 'B' : seat === 'B' ? 'A' : 'A'} me={seat} />}
        {room && seat === null && <SeatStatus room={room} seat="B" me={null} />}
        <span className="spacer" />
        {panel.toggle}
        {wide ? <div className="tb-actions">{controls}</div> : <RoomMenu>{controls}</RoomMenu>}
      </header>
      <div className="room-body">
        <main className="board-wrap" aria-label={t('room.playmat')}>
          <Board
            view={msg.view}
            legal={legal}
            names={names}
            me={seat}
            busy={busy}
            onAct={onAct}
            orderBy={orderBy(room?.series, msg.events)}
            status={
              seat === null && !msg.result ? (
                <section className="prompt" aria-label={t('prompt.label')}>
                  <h2 className="prompt-title">{t('room.watchingTitle')}</h2>
                  <p className="hint">{t('room.waitingOn', { names: msg.deciders.map((d) => names[d]).join(t('room.and')) || '—' })}</p>
                  {room?.kind === 'ranked' && <p className="hint delayed-note">{t('room.watchingDelayed')}</p>}
                </section>
              ) : undefined
            }
          />
          <EndOverlay roomId={roomId} me={seat} names={names} bot={bot} />
        </main>
        <SidePanel roomId={roomId} spectator={seat === null} />
      </div>
      <ZoomPreview hover={hover} />
      <TutorialMount roomId={roomId} />
    </div>
  );
}
