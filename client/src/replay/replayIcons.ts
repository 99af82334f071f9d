/** The replay's transport and file icons, in the same stroked 24x24 style as ui/icons.ts. */
import { strokedIcon } from '../ui/icons';

const PATHS = {
  first: 'M6 5v14 M18 6l-8 6 8 6z',
  prev: 'M15 6l-6 6 6 6',
  next: 'M9 6l6 6-6 6',
  last: 'M18 5v14 M6 6l8 6-8 6z',
  play: 'M7 5l12 7-12 7z',
  pause: 'M8 5v14 M16 5v14',
  download: 'M12 4v11 M7.5 10.5L12 15l4.5-4.5 M5 19h14',
  upload: 'M12 15V4 M7.5 8.5L12 4l4.5 4.5 M5 19h14',
  replay: 'M4 12a8 8 0 1 0 2.4-5.7 M4 4v4h4 M10 9l5 3-5 3z',
} as const;

export type ReplayIcon = keyof typeof PATHS;

export function replayIcon(name: ReplayIcon, size = 18): SVGSVGElement {
  return strokedIcon(PATHS[name], size);
}
