/**
 * The coach (lazy chunk): a panel over the playmat's corner with the lesson of the moment (lessons.ts), a ring
 * around the zone or card it is about, the hint after a missed step, progress, and a way out (the match stays on
 * the server; the lobby's button resumes it). It only reads the store; the player acts on the real playmat.
 */
import { useEffect, useMemo, useState } from 'react';
import { useT } from '../i18n';
import { useApp } from '../store';
import { navigate } from '../ui/route';
import { useMedia } from '../ui/use-media';
import {
  acknowledge,
  advance,
  dismissHint,
  lessonById,
  lessonCount,
  lessonFocus,
  lessonQuotes,
  lessonText,
  restoreProgress,
  type CoachState,
  type Focus,
  type Progress,
} from './lessons';
import { completeTutorial, savedProgress, saveProgress } from './progress';
import './coach.css';

const ZONES: Record<Extract<Focus, { zone: string }>['zone'], string> = {
  hand: '.side-bottom .hand',
  stars: '.side-bottom .zone-stars, .side-bottom .head-stars',
  backstage: '.side-bottom .zone-back',
  centre: '.side-bottom .zone-centre',
  main: '.side-bottom .zone-main',
  graduation: '.side-bottom .pile-grad',
  prompt: '.prompt',
  stack: '.stack-panel',
  opponent: '.side-top .manager-badge',
};

function selector(f: Focus): string {
  return 'zone' in f ? ZONES[f.zone] : `[data-card-id="${CSS.escape(f.card)}"]`;
}

/** A ring drawn over the element the lesson is about (the board is not touched: it stays pure). */
function FocusRing({ focus }: { focus: Focus | null }) {
  const [rect, setRect] = useState<DOMRect | null>(null);
  const sel = focus ? selector(focus) : null;
  useEffect(() => {
    if (!sel) return setRect(null);
    const measure = () => {
      // The first match on screen (the Star Pool sits in its zone, or beside the manager on an upright phone).
      const r = [...document.querySelectorAll(sel)].map((el) => el.getBoundingClientRect()).find((b) => b.width > 0) ?? null;
      setRect((old) => (r && r.width > 0 ? (old && old.x === r.x && old.y === r.y && old.width === r.width && old.height === r.height ? old : r) : null));
    };
    measure();
    const timer = setInterval(measure, 250);
    return () => clearInterval(timer);
  }, [sel]);
  if (!rect) return null;
  return <div className="coach-ring" aria-hidden="true" style={{ left: rect.left - 4, top: rect.top - 4, width: rect.width + 8, height: rect.height + 8 }} />;
}

export default function CoachPanel({ roomId }: { roomId: string }) {
  const t = useT();
  const msg = useApp((s) => s.views[roomId]);
  const defs = useApp((s) => s.defs);
  const [progress, setProgress] = useState<Progress>(() => restoreProgress(savedProgress<Partial<Progress>>()));
  const [open, setOpen] = useState(true);
  // Where nothing can hover, a finger plays: lessons say "tap", and what a tap does (the board's own test, canHover).
  const touch = !useMedia('(any-hover: hover)');

  const state: CoachState | null = useMemo(() => {
    if (!msg || msg.viewer === 'spectator') return null;
    return {
      view: msg.view,
      legal: msg.legal,
      me: msg.viewer,
      defs,
      winner: msg.result?.winner ?? msg.view.winner,
      ended: !!msg.result || msg.view.phase === 'game-over',
    };
  }, [msg, defs]);

  // The position the coach last looked at: the panel says which (data-seq), so a test can tell a lesson shown
  // for the board on screen from one a position behind.
  const [seenSeq, setSeenSeq] = useState(-1);
  useEffect(() => {
    if (!state) return;
    setProgress((p) => advance(p, state));
    setSeenSeq(state.view.seq);
  }, [state]);
  useEffect(() => saveProgress(progress), [progress]);
  useEffect(() => {
    if (state?.ended) completeTutorial();
  }, [state?.ended]);

  if (!state) return null;
  const id = progress.current;
  const lesson = id ? lessonById(id) : undefined;
  // Lessons this player has seen, of those they will see (lessons.ts `lessonCount`): never a jump.
  const { n, total } = lessonCount(progress, state);

  if (!open)
    return (
      <button className="btn coach-reopen" onClick={() => setOpen(true)}>
        {t('tutorial.show')}
      </button>
    );

  return (
    <>
      <FocusRing focus={lessonFocus(id, state)} />
      <aside className="coach-panel" aria-label={t('tutorial.coach')} data-lesson={id ?? ''} data-missed={progress.missed ?? ''} data-seq={seenSeq}>
        <header className="coach-head">
          <span className="coach-who">{t('tutorial.coach')}</span>
          <span className="coach-progress">{t('tutorial.progress', { n, total })}</span>
          <button className="btn ghost small" onClick={() => setOpen(false)} aria-label={t('tutorial.hide')} title={t('tutorial.hide')}>
            –
          </button>
        </header>
        <progress className="coach-bar" max={total} value={n} aria-hidden="true" />
        {progress.missed && (
          <div className="coach-hint" role="status">
            <b>{t('tutorial.hintTitle')}</b>
            <p>{lessonText(progress.missed, 'hint', state, touch)}</p>
            <button className="btn ghost small" onClick={() => setProgress(dismissHint)}>
              {t('tutorial.closeHint')}
            </button>
          </div>
        )}
        {lesson ? (
          // data-quotes: the controls the lesson names and where they are (e2e/tutorial.test.ts checks they are on screen).
          <section className={`coach-lesson coach-${lesson.kind}`} aria-live="polite" data-quotes={JSON.stringify(lessonQuotes(lesson.id, state))}>
            <h2>{lessonText(lesson.id, 'title', state, touch)}</h2>
            <p>{lessonText(lesson.id, 'body', state, touch)}</p>
            {lesson.kind === 'read' && (
              <button className="btn primary small coach-ok" onClick={() => setProgress((p) => acknowledge(p, state))}>
                {t('tutorial.gotIt')}
              </button>
            )}
          </section>
        ) : (
          <p className="hint coach-idle">{t('tutorial.waiting')}</p>
        )}
        <footer className="coach-foot">
          <button className="btn ghost small" onClick={() => navigate('/')}>
            {t('tutorial.leave')}
          </button>
        </footer>
      </aside>
    </>
  );
}
