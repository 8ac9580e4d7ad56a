// Every footnote endpoint answers every company in the XBRL fixtures with 200 and a body its published response
// schema accepts: no 500, whatever a filer tagged or left out.
import { footnotesEndpoints } from '../../http/endpoints/footnotes.ts';
import { everyFixtureCompany } from '../helpers/everyFixtureCompany.ts';

everyFixtureCompany('every fixture company on every footnote endpoint', footnotesEndpoints);
