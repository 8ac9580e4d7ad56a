// Turns an FS/FSN num row's (tag, version) into the prefixed QName the warehouse uses (`us-gaap:Revenues`).
// `version` is `taxonomy/year` for a standard tag and the defining accession number for a company extension.
import { defined } from '../../query/defined.ts';

const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;

/** FS taxonomy names whose XBRL namespace prefix differs from the name; others (us-gaap, dei, srt, invest...) are kept. */
const PREFIX_OF_TAXONOMY: Readonly<Record<string, string>> = {
  ifrs: 'ifrs-full',
};

/**
 * Extension prefix of a filing, from its instance document name (`aapl-20240928_htm.xml` -> `aapl`): the SEC readme
 * notes the name "often begins with the company ticker symbol", which is also the namespace prefix filers use.
 * Null when the name does not follow the `prefix-YYYYMMDD` convention.
 */
export function extensionPrefix(instance: string | undefined): string | null {
  const m = /^([a-z][a-z0-9]{0,19})[-_]\d{8}/i.exec(instance ?? '');
  return m ? defined(m[1], 'm[1]').toLowerCase() : null;
}

/** Prefixed concept name; `ext` stands for an extension prefix the data set does not reveal. */
export function conceptOf(tag: string, version: string, extPrefix: string | null): string {
  if (ACCESSION.test(version)) return `${extPrefix ?? 'ext'}:${tag}`;
  const slash = version.indexOf('/');
  const taxonomy = (slash < 0 ? version : version.slice(0, slash)).toLowerCase();
  return `${PREFIX_OF_TAXONOMY[taxonomy] ?? taxonomy}:${tag}`;
}

/** Year of a standard taxonomy version (`us-gaap/2024` -> 2024), null for extensions. */
export function taxonomyYear(version: string): number | null {
  const m = /\/(\d{4})$/.exec(version);
  return m ? Number(m[1]) : null;
}
