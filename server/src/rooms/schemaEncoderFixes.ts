/**
 * Workarounds for @colyseus/schema 3.0.76 (the last 3.0 release), applied once when this module
 * loads. schema.ts imports it, so every room's encoder has them.
 */
import { Encoder, encode } from '@colyseus/schema';

/**
 * Every room's encoder buffer. Past it (8 KB by default) @colyseus/schema 3 resizes and re-encodes
 * the patch, and that second pass drops the fields under @view() children (seen with James Bland:
 * six seats' legal menus and private records start in one patch of about 25 KB, and every seat
 * decoded an empty private record). A buffer that holds the biggest patch avoids the re-encode. It
 * is per room but allocated uninitialised, so only the pages a patch touches cost memory.
 */
const ENCODER_BUFFER = 64 * 1024;
if (Encoder.BUFFER_SIZE < ENCODER_BUFFER) Encoder.BUFFER_SIZE = ENCODER_BUFFER;

/**
 * A string of exactly 255 UTF-8 bytes. The library writes its msgpack `str 8` length as
 * `length % 255`, so that one length goes out as 0: every client then reads the string's bytes as
 * operations ("field not defined", "definition mismatch") and its state stays wrong until it joins
 * again. James Bland's JSON fields (gadgets, cards, dossier) and the log's lines reach 255 bytes in
 * ordinary play. The encoder looks the string writer up in the exported `encode` table on every
 * call, so replacing the entry there fixes every patch and full state; other lengths are written
 * exactly as before.
 */
const STR8_MAX = 0xff;
/** A UTF-16 code unit is at most 3 UTF-8 bytes: shorter strings cannot be 255 bytes long. */
const MIN_UNITS = Math.ceil(STR8_MAX / 3);
const writeString = encode.string;
encode.string = (bytes, value, it) => {
  if (
    !value ||
    value.length < MIN_UNITS ||
    value.length > STR8_MAX ||
    encode.utf8Length(value) !== STR8_MAX
  ) {
    return writeString(bytes, value, it);
  }
  const b = bytes as Uint8Array;
  b[it.offset++] = 0xd9; // str 8
  b[it.offset++] = STR8_MAX;
  encode.utf8Write(bytes, value, it);
  return 2 + STR8_MAX;
};
