import { basename } from 'node:path';
import { backupDir, backupStores, lastBackupAt } from './backup.ts';
import type { GuardedStore } from './guard.ts';

/**
 * The stores' upkeep while the server runs. A daily backup of both (server/store/backup.ts), checked
 * hourly; the first check 10 minutes after start, so short-lived servers (tests, builds) never take
 * one; BACKUP_DAILY=0 turns it off. And a deleted or replaced store is noticed even while nobody
 * writes: the guards log it when it happens.
 */
export function startStoreUpkeep(football: GuardedStore, readers: GuardedStore): { stop: () => void } {
  const backupCheck = () => {
    try {
      const dir = backupDir();
      const last = lastBackupAt(dir);
      if (last && Date.now() - last.getTime() < 24 * 3_600_000) return;
      if (football.problem() || readers.problem()) return;
      const target = backupStores({ [basename(football.path)]: football.db, [basename(readers.path)]: readers.db }, { dir });
      console.log(`[backup] daily backup of both stores in ${target}`);
    } catch (error) {
      console.error(`[backup] daily backup failed: ${(error as Error).message}`);
    }
  };
  const timers =
    process.env.BACKUP_DAILY === '0' ? [] : [setTimeout(backupCheck, 10 * 60_000), setInterval(backupCheck, 3_600_000)];
  timers.push(
    setInterval(() => {
      football.problem();
      readers.problem();
    }, 5_000),
  );
  for (const timer of timers) timer.unref();
  return { stop: () => timers.forEach((timer) => clearTimeout(timer)) };
}
