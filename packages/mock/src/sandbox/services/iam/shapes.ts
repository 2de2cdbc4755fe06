// The shapes the IAM service keeps besides the API's own (notification settings are kept in their API shape).

export interface Reseller {
  id: number;
  name: string;
}
