import { useEffect, useState } from 'react';

/** The local time, refreshed every `ms` while `active` (the queue's and countdowns' tick). */
export function useNow(active: boolean, ms = 250): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [active, ms]);
  return now;
}
