/**
 * Validation of incoming message payloads. Anything that is not what the schema says comes back
 * as a BAD_MESSAGE refusal with a short reason; nothing here throws.
 */
import { ErrorCode, type RuleError } from '@parlor/shared';
import type { z } from 'zod';

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: RuleError };

export function badMessage(message: string): { ok: false; error: RuleError } {
  return { ok: false, error: { code: ErrorCode.BAD_MESSAGE, message } };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Validates with a zod schema; the first issue becomes the human sentence. */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown, what: string): Parsed<T> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
  return badMessage(`Malformed ${what}${where}: ${issue?.message ?? 'invalid'}`);
}

/** An action must be an object with a string `type` before the game's own schema judges it. */
export function parseAction<A>(schema: z.ZodType<A>, value: unknown): Parsed<A> {
  if (!isPlainObject(value)) return badMessage('An action must be an object like {"type": "..."}');
  if (typeof value.type !== 'string') return badMessage('An action needs a string "type"');
  return parseWith(schema, value, `action "${value.type.slice(0, 40)}"`);
}
