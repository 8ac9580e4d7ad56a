// Every parser the ingest knows, in detection order (most specific first).
import type { Parser } from './Parser.ts';
import type { GroupParser } from './GroupParser.ts';
import { companyFactsParser } from './companyfacts.ts';
import { sgmlParser } from './sgml.ts';
import { inlineXbrlParser } from './inlineXbrl.ts';
import { xbrlInstanceParser } from './xbrlInstance.ts';
import { submissionsParser } from './submissions.ts';
import { tickersParser } from './tickers.ts';
import { fsdsParser } from './fsds.ts';

export const PARSERS: Parser[] = [sgmlParser, inlineXbrlParser, xbrlInstanceParser, submissionsParser, tickersParser, companyFactsParser];

export const GROUP_PARSERS: GroupParser[] = [fsdsParser];
