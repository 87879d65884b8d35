import { CLUB_FAN_NAMES } from '../../contract/club-names.ts';
import { transaction, type Db } from './db.ts';
import { foldAccents } from '../../contract/text.ts';

/**
 * Keeps `club_aliases` (schema v3) equal to the names fans use for clubs (contract/club-names.ts),
 * so a change there reaches the search index at the next start, without a migration. Writes only
 * what differs (nothing on an ordinary start); its triggers re-index the clubs concerned.
 */
export function syncClubAliases(db: Db, names = CLUB_FAN_NAMES): void {
  const wanted = new Map<string, { teamId: number; alias: string }>();
  for (const [id, { aliases }] of Object.entries(names)) {
    for (const alias of aliases) wanted.set(`${id}|${alias}`, { teamId: Number(id), alias });
  }
  const stored = db.prepare('SELECT team_id, alias FROM club_aliases').all() as Array<{ team_id: number; alias: string }>;
  const gone = stored.filter((r) => !wanted.delete(`${r.team_id}|${r.alias}`));
  if (gone.length === 0 && wanted.size === 0) return;
  transaction(db, () => {
    const remove = db.prepare('DELETE FROM club_aliases WHERE team_id = ? AND alias = ?');
    for (const r of gone) remove.run(r.team_id, r.alias);
    const add = db.prepare('INSERT INTO club_aliases (team_id, alias, key) VALUES (?, ?, ?)');
    for (const { teamId, alias } of wanted.values()) add.run(teamId, alias, aliasKey(alias));
  });
}

/** How an alias and what a reader typed are compared: accents, case and punctuation aside ("U. Católica" = "u catolica"). */
export function aliasKey(text: string): string {
  return (foldAccents(text).match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
}
