/** Accessible names of the lobby's controls. */

/** "Create table for <game>": starts with the visible text, so voice control finds it by it too. */
export function createButtonName(gameTitle: string): string {
  return `Create table for ${gameTitle}`;
}
