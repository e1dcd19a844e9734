/**
 * The tables kept as one JSON row per object, written whole at each change and read back at start-up (series,
 * tournaments): their two statements, one text for both backends (`?` placeholders; PostgreSQL numbers them).
 */
export function jsonRowsSql(table: 'series' | 'tournaments', over: readonly string[]): { save: string; load: string } {
  return {
    save: `INSERT INTO ${table} (id, status, data_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET status = excluded.status, data_json = excluded.data_json, updated_at = excluded.updated_at`,
    // Not over yet, or over since `?` (finished ones are shown a while).
    load: `SELECT data_json FROM ${table} WHERE status NOT IN (${over.map((s) => `'${s}'`).join(', ')}) OR updated_at >= ? ORDER BY created_at`,
  };
}

export const SERIES_SQL = {
  ...jsonRowsSql('series', ['done']),
  ofRoom: 'SELECT s.data_json FROM rooms r JOIN series s ON s.id = r.series_id WHERE r.id = ?',
};
export const TOURNAMENTS_SQL = jsonRowsSql('tournaments', ['finished', 'cancelled']);
