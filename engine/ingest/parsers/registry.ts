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
import { ownershipXmlParser } from './ownershipXml.ts';
import { form13fCoverParser } from './form13fCover.ts';
import { form13fInfoTableParser } from './form13fInfoTable.ts';
import { schedule13XmlParser } from './schedule13Xml.ts';
import { schedule13TextParser } from './schedule13Text.ts';
import { cusipMapParser } from './ownershipCusipMap.ts';
import { insiderDatasetParser } from './insiderDataset.ts';
import { form13fDatasetParser } from './form13fDataset.ts';
import { FX_PARSERS } from './fxParsers.ts';
import { fullIndexParser } from './fullIndex.ts';

export const PARSERS: Parser[] = [sgmlParser, inlineXbrlParser, xbrlInstanceParser, submissionsParser, tickersParser, companyFactsParser,
  ownershipXmlParser, form13fCoverParser, form13fInfoTableParser, schedule13XmlParser, schedule13TextParser, cusipMapParser,
  fullIndexParser, ...FX_PARSERS];

export const GROUP_PARSERS: GroupParser[] = [fsdsParser, insiderDatasetParser, form13fDatasetParser];
