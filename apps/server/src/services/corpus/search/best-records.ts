/** The best `limit` records of a list in the search's order (a bounded insertion: limit is at most 1,000). */
export class BestRecords<T> {
  readonly records: T[] = [];
  constructor(
    private readonly limit: number,
    private readonly compare: (a: T, b: T) => number,
  ) {}
  add(record: T): void {
    const { records, compare } = this;
    if (records.length === this.limit && compare(record, records.at(-1)!) >= 0) return;
    let low = 0;
    let high = records.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (compare(records[mid]!, record) <= 0) low = mid + 1;
      else high = mid;
    }
    records.splice(low, 0, record);
    if (records.length > this.limit) records.pop();
  }
}
