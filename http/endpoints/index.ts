// Every endpoint group, collected; each group lives in its own file and exports its registry entries.
import type { Endpoint } from '../registry.ts';
import { companyEndpoints } from './company.ts';
import { ownershipEndpoints } from './ownership.ts';
// TODO(as-reported): enable once sql/20_periods defines the as_reported(cik, period, lim, as_of) macro; the app refuses
// to start when a registered endpoint's macro is missing.
// import { financialsEndpoints } from './financials.ts';

export const ENDPOINTS: readonly Endpoint[] = [...companyEndpoints, ...ownershipEndpoints];
