/**
 * What a table needs beyond the lobby: its connection (the Colyseus SDK with it) and its shell
 * (waiting room, side panel, top bar, results, share dialog with its QR code). One chunk, fetched
 * when a table is about to open (app/loadTable.ts), never by the lobby's first screen.
 */
export { ColyseusTable } from '../net/ColyseusTable';
export { TableShell } from '../table/TableShell';
