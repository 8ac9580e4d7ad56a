// Every endpoint group, collected; each group lives in its own file and exports its registry entries.
import type { Endpoint } from '../registry.ts';
import { companyEndpoints } from './company.ts';
import { financialsEndpoints } from './financials.ts';
import { footnotesEndpoints } from './footnotes.ts';
import { footnotes2Endpoints } from './footnotes2.ts';
import { ownershipEndpoints } from './ownership.ts';
import { financialHealthEndpoints, statementEndpoints } from './statements.ts';
import { earningsEndpoints } from './earnings.ts';
import { fundEndpoints } from './funds.ts';
import { fundReportEndpoints } from './fundReports.ts';
import { modelEndpoints } from './models.ts';
import { filingsEndpoints } from './filings.ts';
import { calendarEndpoints } from './calendars.ts';

export const ENDPOINTS: readonly Endpoint[] = [
  ...companyEndpoints, ...financialsEndpoints, ...statementEndpoints, ...financialHealthEndpoints, ...earningsEndpoints, ...footnotesEndpoints,
  ...footnotes2Endpoints, ...ownershipEndpoints, ...fundEndpoints, ...fundReportEndpoints, ...filingsEndpoints, ...calendarEndpoints, ...modelEndpoints,
];
