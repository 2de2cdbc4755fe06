// The shapes of the billing catalogue besides the API's own (plan contents are kept in their API shape).

export interface Plan {
  id: number;
  name: string;
  addendum_id: number;
}

export interface Metric {
  id: number;
  ext_name: string;
}

export interface BillingRegion {
  id: number;
  name: string;
  external_name: string;
  int_name: string;
}
