// Rows collected from the files of one ingest batch: one list per warehouse dataset, as the descriptors declare them.
import { defined } from '../query/defined.ts';
import { DATASETS, type DatasetRows } from '../warehouse/datasets.ts';

export type Batch = DatasetRows & {
  /** Rows held across every dataset. */
  readonly size: number;
};

class DatasetBatch {
  constructor() {
    for (const dataset of DATASETS) (this as Record<string, unknown>)[dataset.name] = [];
  }

  get size(): number {
    const lists = this as unknown as Record<string, unknown[]>;
    return DATASETS.reduce((n, dataset) => n + defined(lists[dataset.name], 'lists[dataset.name]').length, 0);
  }
}

export const Batch = DatasetBatch as unknown as new () => Batch;
