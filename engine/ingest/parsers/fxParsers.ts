// The exchange-rate source formats, in detection order; registry.ts appends them to PARSERS.
import type { Parser } from './Parser.ts';
import { fxEcbParser } from './fxEcb.ts';
import { fxFredParser } from './fxFred.ts';
import { fxSnapshotParser } from './fxSnapshot.ts';
import { fxImfParser } from './fxImf.ts';

export const FX_PARSERS: readonly Parser[] = [fxEcbParser, fxFredParser, fxSnapshotParser, fxImfParser];
