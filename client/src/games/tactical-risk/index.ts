/** Tactical Risk's client registration: the map scene, state adapter, unit textures, how-to-play. */
import { DEFAULT_OPTIONS } from '@parlor/shared/games/tactical-risk/options';
import type { ClientGame } from '../types';
import { tacticalRiskViewFromState } from './adapter';
import { tacticalRiskHowTo } from './howto';
import { TacticalRiskScene } from './TacticalRiskScene';
import { unitTextures } from './unitArt';

const MODES: Record<string, string> = { classic: 'Classic', draft: 'Draft', ffa: 'Free-for-all' };

export const tacticalRiskClient: ClientGame = {
  id: 'tactical_risk',
  title: 'Tactical Risk',
  sceneKey: TacticalRiskScene.KEY,
  sceneClass: TacticalRiskScene,
  viewFromState: tacticalRiskViewFromState,
  textures: unitTextures,
  defaultOptions: { ...DEFAULT_OPTIONS },
  howToPlay: tacticalRiskHowTo,
  formatScore: (score) => `${score} production`,
  describeOptions(options) {
    const out: string[] = [];
    if (options.mode) out.push(`Mode: ${MODES[String(options.mode)] ?? String(options.mode)}`);
    if (options.mode === 'ffa') out.push(`Capitals to win: ${Number(options.capitalsToWin ?? 3)}`);
    if (options.economicVictory) out.push('Economic victory: on');
    out.push(`Fog of war: ${options.fogOfWar ? 'on' : 'off'}`);
    const r = Number(options.roundLimit ?? 0);
    if (r > 0) out.push(`Round limit: ${r}`);
    const t = Number(options.phaseSeconds ?? 0);
    out.push(`Phase timer: ${t > 0 ? `${t} s` : 'off'}`);
    if (t <= 0) out.push(`Battle prompts and draft picks: ${Number(options.promptSeconds ?? 60)} s`);
    return out;
  },
};
