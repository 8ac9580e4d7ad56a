// Dimensions of an FS/FSN num row, from `segments` (`BusinessSegments=Americas;ProductOrService=Mac;`), `coreg`
// and, in FSN, `dimh` resolved through the dim table.
//
// The SEC writes axes and members in a shortened form: namespace prefix dropped, `Statement` prefix and `Axis` /
// `Member` suffixes dropped (us-gaap:StatementBusinessSegmentsAxis -> BusinessSegments, aapl:MacMember -> Mac). The
// readme documents no mapping back, and the prefix is unrecoverable (srt vs us-gaap vs the filer's own), so names are
// kept as the SEC wrote them: an FS axis never contains a colon, which tells a consumer it is an FS short name. The one
// exception is the legal-entity axis, which only dei defines: `LegalEntity` and `coreg` both become dei:LegalEntityAxis
// (in the current layout every coreg is repeated as a LegalEntity segment; in the legacy layout coreg is all there is).
// A dim_key from this source therefore never equals an XBRL instance's dim_key; match on axis, treat members as labels.
import type { Dimension } from '../rows.ts';

export const LEGAL_ENTITY_AXIS = 'dei:LegalEntityAxis';
const UNRESOLVED_DIMH_AXIS = 'dimh';
/** FSN dimh of an undimensioned fact. */
export const NO_DIMENSIONS = '0x00000000';

function axisName(fsAxis: string): string {
  return fsAxis === 'LegalEntity' ? LEGAL_ENTITY_AXIS : fsAxis;
}

export function parseSegments(segments: string): Dimension[] {
  const dims: Dimension[] = [];
  for (const part of segments.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const axis = axisName(part.slice(0, eq).trim());
    const member = part.slice(eq + 1).trim();
    if (member === '' || dims.some((d) => d.axis === axis)) continue;
    dims.push({ axis, member, typed: false });
  }
  return dims;
}

export interface DimFields {
  segments?: string | undefined;
  coreg?: string | undefined;
  /** FSN dimension hash and the dim table's hash -> segments map, when the group has one. */
  dimh?: string | undefined;
  dimTable?: ReadonlyMap<string, string> | undefined;
}

export function fsDims(f: DimFields): Dimension[] {
  let dims: Dimension[] = [];
  if (f.segments) dims = parseSegments(f.segments);
  const dimh = f.dimh?.trim();
  if (dimh && dimh !== NO_DIMENSIONS && dims.length === 0) {
    const resolved = f.dimTable?.get(dimh);
    // without the dim table a dimensioned FSN fact keeps its hash, so it is never mistaken for the undimensioned total
    dims = resolved !== undefined ? parseSegments(resolved) : [{ axis: UNRESOLVED_DIMH_AXIS, member: dimh, typed: true }];
  }
  const coreg = f.coreg?.trim();
  if (coreg && !dims.some((d) => d.axis === LEGAL_ENTITY_AXIS)) dims.push({ axis: LEGAL_ENTITY_AXIS, member: coreg, typed: false });
  return dims;
}
