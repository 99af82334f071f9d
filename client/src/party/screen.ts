/** Party mode's table screen, as the router loads it (a chunk of its own). */
import { ScreenPicker } from './ScreenPicker';
import { ScreenView, type ScreenViewOptions } from './ScreenView';
import './party.css';

export { SCREEN_NAME } from '@parlor/shared/core/screenJoin';

export function tableScreen(o: ScreenViewOptions): ScreenView {
  return new ScreenView(o);
}

export function pickScreen(open: (roomId: string) => void): ScreenPicker {
  return new ScreenPicker(open);
}
