/** In a room: the coach, only in this browser's tutorial room. Eager and tiny; the coach is a lazy chunk. */
import { lazy, Suspense } from 'react';
import { isTutorialRoom } from './progress';

const CoachPanel = lazy(() => import('./coach-panel'));

export function TutorialMount({ roomId }: { roomId: string }) {
  if (!isTutorialRoom(roomId)) return null;
  return (
    <Suspense fallback={null}>
      <CoachPanel roomId={roomId} />
    </Suspense>
  );
}
