/**
 * Text that holds the room of another text: both sit in one grid cell, the other one unseen (and
 * unread), so the box is as tall as the taller of the two. A list that says "Loading…" while
 * keeping the room of what it will most likely say next does not push the page down when it
 * arrives (the lobby's layout shift on a phone).
 */
import { h } from '../ui/dom';

export function holding(attrs: { class: string; testid?: string }, text: string, room: string): HTMLElement {
  return h(
    'div',
    { class: `${attrs.class} holding`, testid: attrs.testid },
    h('span', { text }),
    text === room ? null : h('span', { class: 'room', text: room, attrs: { 'aria-hidden': 'true' } }),
  );
}
