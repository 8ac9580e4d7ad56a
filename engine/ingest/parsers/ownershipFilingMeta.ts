// Which filing a document belongs to. A document unpacked from an SGML container carries the container's accession,
// form and filing date (SourceFile.container); a bare document falls back to an accession in its file name
// (`0001209191-23-029527.form4.xml`) and otherwise to a stable pseudo-accession `content-<sha256 prefix>` of its bytes,
// so re-ingesting the same document stays idempotent while no EDGAR URL is claimed for it.
import crypto from 'node:crypto';
import type { SourceFile } from '../SourceFile.ts';

export interface FilingMeta {
  accession: string;
  /** False for a pseudo-accession: no EDGAR URL can be built from it. */
  accessionKnown: boolean;
  /** The filing's form (container header), e.g. `SC 13G/A`. */
  form: string | null;
  /** The document's own <TYPE> inside its container. */
  documentType: string | null;
  filed: string | null;
  /** The container's primary CIK: the subject company (issuer) when the header names one, else the filer. */
  primaryCik: number | null;
}

const DASHED = /(?<!\d)(\d{10})-(\d{2})-(\d{6})(?!\d)/;
const PLAIN = /(?<!\d)(\d{10})(\d{2})(\d{6})(?!\d)/;

export function accessionIn(name: string): string | null {
  const m = DASHED.exec(name) ?? PLAIN.exec(name);
  return m ? `${String(m[1])}-${String(m[2])}-${String(m[3])}` : null;
}

export function filingMetaOf(file: SourceFile): FilingMeta {
  const c = file.container;
  const named = (c ? accessionIn(c.accession) : null) ?? accessionIn(file.name);
  const known = { form: c?.form ?? null, documentType: c?.documentType ?? null, filed: c?.filed ?? null, primaryCik: c?.cik ?? null };
  if (named) return { accession: named, accessionKnown: true, ...known };
  const hash = crypto.createHash('sha256').update(file.bytes).digest('hex').slice(0, 20);
  return { accession: `content-${hash}`, accessionKnown: false, ...known };
}
