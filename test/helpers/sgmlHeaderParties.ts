// What an EDGAR SGML header states about who a filing belongs to, read with plain patterns (not our parser), so a test
// can hold the parser's rows against the document: the accession, the form and the CIK of every party it names.
import fs from 'node:fs';
import zlib from 'node:zlib';

export interface HeaderParties { accession: string; form: string; ciks: number[] }

/** The header's accession, form and distinct party CIKs (.txt "KEY: value" or .nc "<KEY>value"); null without a header. */
export function sgmlHeaderParties(file: string): HeaderParties | null {
  const bytes = fs.readFileSync(file);
  const text = (file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('latin1');
  const header = text.slice(0, Math.max(0, text.indexOf('<DOCUMENT>')));
  const accession = /ACCESSION(?: NUMBER:|-NUMBER>)\s*(\d{10}-\d{2}-\d{6})/.exec(header)?.[1];
  const form = /(?:CONFORMED SUBMISSION TYPE:|<TYPE>)[ \t]*([^\r\n]+)/.exec(header)?.[1]?.trim();
  if (!accession || !form) return null;
  const ciks = [...header.matchAll(/(?:CENTRAL INDEX KEY:|<CIK>)[ \t]*(\d+)/g)].map((m) => Number(m[1]));
  return { accession, form, ciks: [...new Set(ciks)] };
}
