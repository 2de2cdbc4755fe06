/** Input the gate cannot run with (a malformed policy or waiver file, a missing bundle): exit 2, one line. */
export class GateInputError extends Error {
  override readonly name = "GateInputError";
}
