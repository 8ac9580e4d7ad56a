// The one error ingestion raises for bad input: it names the file and says what is wrong with it.

export class IngestError extends Error {
  readonly file: string;
  readonly reason: string;

  constructor(file: string, reason: string, options?: { cause?: unknown }) {
    super(`${file}: ${reason}`, options);
    this.name = 'IngestError';
    this.file = file;
    this.reason = reason;
  }
}
