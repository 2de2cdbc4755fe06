import type { DocumentModel, SampleRequest } from "../../dist/lib/model.js";

export declare const samplesDir: string;
export declare const SAMPLE_SERVER: string;
export declare const SAMPLE_API_KEY: string;
export declare function curlCommand(sample: SampleRequest): string;
export declare function operationCurlSample(operationId: string, model?: DocumentModel): string;
