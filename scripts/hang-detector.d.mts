export declare const HANG_DETECTOR_MS: number;
export declare const HANG_DETECTOR_TIMEOUTS: { testTimeout: number; hookTimeout: number };
