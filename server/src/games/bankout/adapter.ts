/** Bankout on the platform: everything is derived from its view description. */
import { bankout, bankoutViewShape } from '@parlor/shared';
import { viewAdapter } from '../../rooms/viewSchema';

export const bankoutAdapter = viewAdapter(bankout, bankoutViewShape, 'Bankout');
