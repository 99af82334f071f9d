/**
 * Load an export from a module that may not exist yet (parts of the server are written in
 * parallel). If that very module is missing, the result is undefined; any other error, including
 * a missing dependency inside the module, is thrown as usual.
 */
export function optionalExport<T>(load: () => unknown, specifier: string, exportName: string): T | undefined {
  let mod: unknown;
  try {
    mod = load();
  } catch (err) {
    const e = err as { code?: string; message?: string };
    const firstLine = (e.message ?? '').split('\n')[0];
    if (e.code === 'MODULE_NOT_FOUND' && firstLine.includes(`'${specifier}'`)) return undefined;
    throw err;
  }
  const value = (mod as Record<string, unknown> | undefined)?.[exportName];
  return value === undefined ? undefined : (value as T);
}
