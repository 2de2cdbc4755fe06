import type { GateReport } from "../gate-report.js";

export const jsonReport = (report: GateReport) => JSON.stringify(report, null, 2);
