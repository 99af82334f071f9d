/** Party mode's table screen, as the router loads it (a chunk of its own). */
import { ScreenPicker } from './ScreenPicker';
import { ScreenView, type ScreenViewOptions } from './ScreenView';
import './party.css';

/** The name the screen watches under (the seats' watchers list shows it). */
export const SCREEN_NAME = 'Table screen';

export function tableScreen(o: ScreenViewOptions): ScreenView {
  return new ScreenView(o);
}

export function pickScreen(open: (roomId: string) => void): ScreenPicker {
  return new ScreenPicker(open);
}
