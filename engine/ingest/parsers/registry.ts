// Every parser the ingest knows, in detection order (most specific first).
import type { Parser } from './Parser.ts';
import type { GroupParser } from './GroupParser.ts';
import { companyFactsParser } from './companyfacts.ts';

export const PARSERS: Parser[] = [companyFactsParser];

export const GROUP_PARSERS: GroupParser[] = [];
