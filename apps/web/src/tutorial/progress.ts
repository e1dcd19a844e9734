/**
 * What this browser remembers of the tutorial (localStorage): the tutorial's room (to resume it from the
 * lobby and to know, in a room, that the coach belongs there), the coach's progress in it, and whether the
 * tutorial was ever finished (shown in the lobby). Small and eager: the lobby button and the room's mount
 * read it; the coach itself is a lazy chunk.
 */
const ROOM_KEY = 'vroyale.tutorial.room';
const PROGRESS_KEY = 'vroyale.tutorial.progress';
const DONE_KEY = 'vroyale.tutorial.completed';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // private mode: remembered for this page only
  }
}

export const tutorialRoom = (): string | null => read(ROOM_KEY);
export const isTutorialRoom = (roomId: string): boolean => read(ROOM_KEY) === roomId;

/** A new tutorial match: its room, and the coach from the start. */
export function beginTutorial(roomId: string): void {
  write(ROOM_KEY, roomId);
  write(PROGRESS_KEY, null);
}

/** The tutorial's room is gone (finished and left, or the server forgot it): the lobby offers a new one. */
export function forgetTutorialRoom(): void {
  write(ROOM_KEY, null);
  write(PROGRESS_KEY, null);
}

export function savedProgress<T>(): T | null {
  const raw = read(PROGRESS_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export const saveProgress = (p: unknown): void => write(PROGRESS_KEY, JSON.stringify(p));

export const tutorialCompleted = (): boolean => read(DONE_KEY) !== null;
export const completeTutorial = (): void => {
  if (!tutorialCompleted()) write(DONE_KEY, new Date().toISOString());
};
