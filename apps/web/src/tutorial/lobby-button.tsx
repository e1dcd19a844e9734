/**
 * The lobby's "Learn to play" (eager, small): starts the tutorial match, or resumes the one this browser
 * remembers while it is still live; says when the tutorial was completed. Starting goes through the lobby's
 * `start` (ui/play/start-panel.tsx), which offers to concede the oldest bot match when at the cap.
 */
import { useState } from 'react';
import './lobby.css';
import { useT } from '../i18n';
import { startTutorialMatch, type BotStart } from '../net/calls';
import { useApp } from '../store';
import { navigate } from '../ui/route';
import { beginTutorial, tutorialCompleted, tutorialRoom } from './progress';

export type StartAgainstBot = (go: (concede?: string) => Promise<BotStart>, started?: (roomId: string) => void) => Promise<void>;

export function LearnToPlay({ start }: { start: StartAgainstBot }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const room = tutorialRoom();
  const live = useApp((s) => !!room && s.seats.some((x) => x.roomId === room) && s.roomStates[room]?.status !== 'finished');
  const completed = tutorialCompleted();
  return (
    <div className="learn-to-play">
      <button
        className={`btn ${completed ? '' : 'primary '}big`}
        disabled={busy}
        onClick={async () => {
          if (live && room) return navigate(`/room/${room}`);
          setBusy(true);
          await start(startTutorialMatch, beginTutorial);
          setBusy(false);
        }}
      >
        {live ? t('tutorial.resume') : t('tutorial.learn')}
      </button>
      {completed ? (
        <span className="learn-done" role="status">
          {t('tutorial.completed')}
        </span>
      ) : (
        <p className="hint">{t('tutorial.learnHint')}</p>
      )}
    </div>
  );
}
