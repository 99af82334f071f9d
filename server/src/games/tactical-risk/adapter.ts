/**
 * Tactical Risk on the platform: derived from its view description, which is of the wire view (the
 * rules' view folded into stacks per territory and faction, shared wireView.ts): the projection
 * folds first.
 */
import {
  tacticalRisk,
  tacticalRiskViewShape,
  tacticalRiskWirePrivate,
  tacticalRiskWirePublic,
} from '@parlor/shared';
import { viewAdapter } from '../../rooms/viewSchema';

export const tacticalRiskAdapter = viewAdapter(tacticalRisk, tacticalRiskViewShape, 'TacticalRisk', {
  // A move phase lists a couple of hundred templates; as a set a move re-sends only those that changed.
  legalAsSet: true,
  wire: { public: tacticalRiskWirePublic, private: tacticalRiskWirePrivate },
});
