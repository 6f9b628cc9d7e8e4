import type { Generated } from 'kysely';

/** A user who has received records, by a small integer (what delivered_records keys on instead of the UUID). */
export interface RecordBuyersTable {
  id: Generated<number>;
  user_id: string;
}

/** A completed order whose records were kept, by a small integer; it goes with its order (cascade). */
export interface OrderDeliveriesTable {
  id: Generated<number>;
  order_id: string;
  buyer_id: number;
}

/** One record a user received in one order (docs/decisions/029). */
export interface DeliveredRecordsTable {
  buyer_id: number;
  /** 1 post, 2 comment */
  record_type: number;
  /** the record's base36 id */
  record_id: string;
  delivery_id: number;
}

export interface DeliveryTables {
  record_buyers: RecordBuyersTable;
  order_deliveries: OrderDeliveriesTable;
  delivered_records: DeliveredRecordsTable;
}
