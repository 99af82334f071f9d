/**
 * The table's connection and shell (app/tableParts.ts, a chunk of their own): fetched once, when a
 * table is about to open, and fetched again after a failure (the network blinked).
 */
import type * as TablePartsModule from './tableParts';

type TableParts = typeof TablePartsModule;

let parts: Promise<TableParts> | null = null;

export function tableParts(): Promise<TableParts> {
  if (!parts)
    parts = import('./tableParts').catch((err: unknown) => {
      parts = null;
      throw err;
    });
  return parts;
}

/** Start fetching them now (a create or join button was pressed). */
export function prefetchTable(): void {
  void tableParts().catch(() => undefined);
}
