export declare const samplesDir: string;
export declare const SAMPLE_SERVER: string;
export declare const SAMPLE_API_KEY: string;
export interface CurlSampleInput {
  method: string;
  path: string;
  parameters?: unknown[];
  requestBody?: unknown;
}
export declare function curlSample(input: CurlSampleInput, resolve?: (node: unknown) => unknown): string;
export declare function operationCurlSample(
  operationId: string,
  input: CurlSampleInput,
  resolve?: (node: unknown) => unknown,
): string;
