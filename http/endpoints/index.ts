// Every endpoint group, collected; each group lives in its own file and exports its registry entries.
import type { Endpoint } from '../registry.ts';
import { companyEndpoints } from './company.ts';
import { financialsEndpoints } from './financials.ts';
import { footnotesEndpoints } from './footnotes.ts';
import { footnotes2Endpoints } from './footnotes2.ts';
import { ownershipEndpoints } from './ownership.ts';
import { healthEndpoints, statementEndpoints } from './statements.ts';
import { earningsEndpoints } from './earnings.ts';
import { modelEndpoints } from './models.ts';
import { filingsEndpoints } from './filings.ts';

export const ENDPOINTS: readonly Endpoint[] = [
  ...companyEndpoints, ...financialsEndpoints, ...statementEndpoints, ...healthEndpoints, ...earningsEndpoints, ...footnotesEndpoints,
  ...footnotes2Endpoints, ...ownershipEndpoints, ...filingsEndpoints, ...modelEndpoints,
];
