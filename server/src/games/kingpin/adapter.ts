/** Kingpin on the platform: everything is derived from its view description. */
import { kingpin, kingpinViewShape } from '@parlor/shared';
import { viewAdapter } from '../../rooms/viewSchema';

export const kingpinAdapter = viewAdapter(kingpin, kingpinViewShape, 'Kingpin');
