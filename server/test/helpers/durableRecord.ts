/**
 * A table's record as the next start of the server would read it: its file in DATA_DIR completed
 * from the journal (the live table file may lag behind the journal between checkpoints). Works on
 * a copy, so the running server's directory is left alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { recoverJournal } from '../../src/storage/journalRecovery';

export function durableRecord(dataDir: string, roomId: string): Buffer | null {
  const file = path.join(dataDir, 'matches', `${roomId}.jsonl`);
  if (!fs.existsSync(file)) return null;
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-record-'));
  try {
    const matches = path.join(copy, 'matches');
    fs.mkdirSync(matches);
    fs.copyFileSync(file, path.join(matches, `${roomId}.jsonl`));
    const journal = path.join(dataDir, 'journal');
    if (fs.existsSync(journal)) fs.cpSync(journal, path.join(copy, 'journal'), { recursive: true });
    recoverJournal(path.join(copy, 'journal'), matches, () => undefined);
    return fs.readFileSync(path.join(matches, `${roomId}.jsonl`));
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}
