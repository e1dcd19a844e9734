import { describe, expect, it } from 'vitest';
import { RemoteWatches } from './remote-watches.js';

describe('remote watches', () => {
  it('lists the sockets watching a room, and forgets a socket or one of its rooms', () => {
    const w = new RemoteWatches();
    w.add('s1', 'r1');
    w.add('s1', 'r2');
    w.add('s2', 'r1');
    w.add('s2', 'r1');
    expect(w.watchers('r1').sort()).toEqual(['s1', 's2']);
    expect(w.watchers('r2')).toEqual(['s1']);
    w.remove('s2', 'r1');
    expect(w.watchers('r1')).toEqual(['s1']);
    w.removeSocket('s1');
    expect(w.watchers('r1')).toEqual([]);
    expect(w.watchers('r2')).toEqual([]);
    expect(w.size).toBe(0);
  });

  it('removing what is not there changes nothing', () => {
    const w = new RemoteWatches();
    w.add('s1', 'r1');
    w.remove('s1', 'r9');
    w.remove('s9', 'r1');
    w.removeSocket('s9');
    expect(w.watchers('r1')).toEqual(['s1']);
    expect(w.size).toBe(1);
  });
});
